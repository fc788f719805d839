// gen-types output for the rest fixture: the shape `supabase gen types typescript` prints.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateTypes } from "../src/rest/gen-types.js";
import { loadSchemaCache } from "../src/rest/schema/index.js";
import type { TestStack } from "./harness.js";
import { startRestStack } from "./rest-helpers.js";

let stack: TestStack;
let types: string;

beforeAll(async () => {
  stack = await startRestStack();
  // Functions taking an enum and an array of it (the fixture has none): typed by the enum.
  await stack.sql(`
    create function public.authors_in_mood(wanted mood) returns setof authors language sql stable as
      'select * from authors where mood = wanted';
    create function public.authors_in_moods(wanted mood[]) returns setof authors language sql stable as
      'select * from authors where mood = any (wanted)'`);
  types = generateTypes(await loadSchemaCache(stack.ctx.db.admin, ["public"]), ["public"]);
});
afterAll(async () => {
  await stack?.stop();
});

describe("gen-types", () => {
  it("types rows, inserts and updates", () => {
    expect(types).toContain(`      authors: {
        Row: {
          id: number
          name: string
          mood: Database["public"]["Enums"]["mood"] | null
          tags: string[]
          meta: Json | null`);
    expect(types).toContain("          id?: number\n          name: string\n");
    expect(types).toMatch(/search\?: never/);
  });

  it("lists many-to-one relationships", () => {
    expect(types).toContain(`            foreignKeyName: "books_author_id_fkey"
            columns: ["author_id"]
            isOneToOne: false
            referencedRelation: "authors"
            referencedColumns: ["id"]`);
  });

  it("types views, functions, enums and the helper types", () => {
    expect(types).toContain("      book_titles: {");
    expect(types).toContain(`      add: {
        Args: {
          a: number
          b?: number
        }
        Returns: number
      }`);
    expect(types).toContain('Returns: Database["public"]["Tables"]["books"]["Row"][]');
    // An enum argument is the enum's union, as supabase's generator writes it, never `unknown`.
    expect(types).toContain(`      authors_in_mood: {
        Args: {
          wanted: Database["public"]["Enums"]["mood"]
        }`);
    expect(types).toContain('wanted: Database["public"]["Enums"]["mood"][]');
    expect(types).toContain('mood: "happy" | "sad" | "meh"');
    for (const helper of ["Tables<", "TablesInsert<", "TablesUpdate<", "Enums<", "CompositeTypes<"]) {
      expect(types).toContain(`export type ${helper}`);
    }
    expect(types).toContain('mood: ["happy","sad","meh"]');
  });
});
