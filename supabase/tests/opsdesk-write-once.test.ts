// A console save sent again after getting no answer is made once (issue 27 C1; supabase/
// migrations/20250713100000_write_once.sql): the same Idempotency-Key a second time is refused
// with OD001 naming the row the first one wrote — for creates (no second row) and edits (no
// "someone else changed this record" from the version check) — per operator, only for a
// save the database made, and never for requests without the header.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import { type DemoClients, signInDemoAccounts } from "./opsdesk-db.js";

let stack: TestStack;
let clients: DemoClients;
const as = {
  get admin() {
    return clients("admin");
  },
  get editor() {
    return clients("editor");
  },
};

beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
  clients = await signInDemoAccounts(stack);
});
afterAll(async () => {
  await stack?.stop();
});

const HEADER = "Idempotency-Key";
const key = () => crypto.randomUUID();
const category = (name: string) => ({ name, slug: name.toLowerCase().replaceAll(" ", "-") });

const createCategory = (client: SupabaseClient, row: Record<string, unknown>, writeKey?: string) => {
  const query = client.from("categories").insert(row).select("id, name, version").single();
  return writeKey ? query.setHeader(HEADER, writeKey) : query;
};

async function countCategories(name: string): Promise<number> {
  const { count, error } = await stack
    .service()
    .from("categories")
    .select("id", { count: "exact", head: true })
    .eq("name", name);
  expect(error).toBeNull();
  return count ?? -1;
}

describe("a create sent twice with one key", () => {
  it("writes one row; the second sending is told which", async () => {
    const writeKey = key();
    const first = await createCategory(as.editor, category("Once only"), writeKey);
    expect(first.error).toBeNull();
    const again = await createCategory(as.editor, category("Once only"), writeKey);
    expect(again.error).toMatchObject({ code: "OD001", details: String(first.data?.id), hint: "categories" });
    expect(await countCategories("Once only")).toBe(1);
  });

  it("of two sent at the same moment, one writes and the other is told", async () => {
    const writeKey = key();
    const name = "Twice at once";
    const answers = await Promise.all([
      createCategory(as.editor, category(name), writeKey),
      createCategory(as.editor, category(name), writeKey),
    ]);
    expect(answers.filter((a) => a.error === null)).toHaveLength(1);
    expect(answers.filter((a) => a.error?.code === "OD001")).toHaveLength(1);
    expect(await countCategories(name)).toBe(1);
  });

  it("remembers only saves that were made: a refused first sending leaves the key free", async () => {
    const writeKey = key();
    const refused = await createCategory(as.editor, { name: "" }, writeKey);
    expect(refused.error?.code).toBe("23514");
    const made = await createCategory(as.editor, category("Second try"), writeKey);
    expect(made.error).toBeNull();
  });

  it("is each operator's own: another's key of the same value is theirs", async () => {
    const writeKey = key();
    expect((await createCategory(as.editor, category("By the editor"), writeKey)).error).toBeNull();
    expect((await createCategory(as.admin, category("By the admin"), writeKey)).error).toBeNull();
  });

  it("changes nothing without the header, and refuses a header that is not a UUID", async () => {
    expect((await createCategory(as.editor, category("No key A"))).error).toBeNull();
    expect((await createCategory(as.editor, category("No key B"))).error).toBeNull();
    const bad = await createCategory(as.editor, category("Bad key"), "not-a-uuid");
    expect(bad.error?.code).toBe("22023");
    expect(await countCategories("Bad key")).toBe(0);
  });
});

describe("an edit sent twice with one key", () => {
  it("is made once: the second sending is told it was saved, not that someone else changed the record", async () => {
    const { data: made } = await createCategory(as.editor, category("Edited once"));
    const row = made as { id: number; version: number };
    const writeKey = key();
    const edit = () =>
      as.editor
        .from("categories")
        .update({ description: "Changed once", version: row.version })
        .eq("id", row.id)
        .select("id, version")
        .setHeader(HEADER, writeKey);
    const first = await edit();
    expect(first.error).toBeNull();
    expect(first.data?.[0].version).toBe(row.version + 1);
    const again = await edit();
    expect(again.error).toMatchObject({ code: "OD001", details: String(row.id) });
    const { data: now } = await stack.service().from("categories").select("version").eq("id", row.id).single();
    expect(now?.version).toBe(row.version + 1);
    const [{ count }] = await stack.sql<{ count: number }>(
      `select count(*)::int as count from opsdesk.audit_log
       where schema_name = 'public' and table_name = 'categories' and record_id = $1 and action = 'UPDATE'`,
      [String(row.id)],
    );
    expect(count).toBe(1);
  });

  it("without a key, the same stale version is still someone else's change", async () => {
    const { data: made } = await createCategory(as.editor, category("Stale check"));
    const row = made as { id: number; version: number };
    const edit = () =>
      as.editor.from("categories").update({ description: "x", version: row.version }).eq("id", row.id).select("id");
    expect((await edit()).error).toBeNull();
    expect((await edit()).error?.code).toBe("PT409");
  });
});
