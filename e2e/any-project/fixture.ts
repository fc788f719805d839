// What the any-project specs know of the fixture project: its operators (serve-fixture.mjs),
// the definitions the console generates from its live schema (the same generator, run on the
// describe() answer the admin gets), and values a form accepts for each field.
import { expect, type Page } from "@playwright/test";
import RandExp from "randexp";
import type { FieldDefinition, ResourceDefinition } from "../../src/resources/types";
import { translateChecks } from "../../src/schema/checkRules";
import { tableKey } from "../../src/schema/definitionFromTable";
import type { Described } from "../../src/schema/describe";
import { type ChecksByTable, generateResources } from "../../src/schema/generate";
import { openSelect } from "../helpers";

export const PASSWORD = "opsdesk-e2e-pw";
export const API_URL = process.env.E2E_API_URL as string;
/** The Supabase CLI's well-known local anon key (the stack's too). */
export const ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";

export const operator = (role: "admin" | "editor" | "viewer") => `e2e-${role}@example.com`;

export interface Session {
  token: string;
  userId: string;
}

export async function apiSignIn(email: string): Promise<Session> {
  const response = await fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: ANON_KEY, "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await response.json()) as { access_token: string; user: { id: string } };
  return { token: body.access_token, userId: body.user.id };
}

export async function rpc<T>(session: Session, name: string, args: object = {}): Promise<T> {
  const response = await fetch(`${API_URL}/rest/v1/rpc/${name}`, {
    method: "POST",
    headers: {
      apikey: ANON_KEY,
      Authorization: `Bearer ${session.token}`,
      "Content-Profile": "opsdesk",
      "Content-Type": "application/json",
    },
    body: JSON.stringify(args),
  });
  if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs in through the console's sign-in page and waits for it to leave. */
export async function signedIn(page: Page, email: string): Promise<void> {
  await page.goto("/login");
  await page.getByRole("textbox", { name: /^E-?Mail$/i }).fill(email);
  await page.locator("input[type=password]").fill(PASSWORD);
  await page.locator("button[type=submit]").click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The definitions the console generates for `email`, with their CHECK rules read. */
export async function definitionsFor(session: Session): Promise<ResourceDefinition[]> {
  const described = await rpc<Described>(session, "describe");
  const checks: ChecksByTable = {};
  for (const table of described.tables) {
    if (table.checks?.length) checks[tableKey(table.schema, table.name)] = await translateChecks(table.checks);
  }
  return generateResources(described, [], checks).definitions;
}

/** Rows of a table as `session` may read them, by key columns and values. */
export async function rowsWhere(session: Session, def: ResourceDefinition, where: Record<string, string>) {
  const table = def.table ?? { schema: "public", name: def.name };
  const query = new URLSearchParams(Object.entries(where).map(([column, value]) => [column, `eq.${value}`]));
  const response = await fetch(`${API_URL}/rest/v1/${encodeURIComponent(table.name)}?${query}`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${session.token}`, "Accept-Profile": table.schema },
  });
  return (await response.json()) as Record<string, unknown>[];
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
export const listTitle = (def: ResourceDefinition) => capitalised(def.label.plural);

let counter = 0;
/** A value of `field` that its rules accept, different on each call. */
export function valueFor(field: FieldDefinition, users: string[]): string {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  if (field.authUser) return users[counter % users.length];
  if (field.pattern && /\[0-9a-fA-F\]\{8\}/.test(field.pattern.source)) return crypto.randomUUID();
  if (field.pattern) {
    const generator = new RandExp(field.pattern);
    generator.max = 6;
    for (let i = 0; i < 50; i += 1) {
      const value = generator.gen();
      const fits =
        value.length >= (field.minLength ?? 0) &&
        value.length <= (field.maxLength ?? 1000) &&
        (field.patterns ?? []).every((p) => p.test(value));
      if (fits) return value;
    }
  }
  switch (field.type) {
    case "email":
      return `e2e-${stamp}@example.com`;
    case "number": {
      const low = field.min === undefined ? 1 : field.min + (field.minExclusive ? 1 : 0);
      const high = field.max === undefined ? low + 50 : field.max - (field.maxExclusive ? 1 : 0);
      return String(Math.max(low, Math.min(high, low + (counter % Math.max(1, high - low + 1)))));
    }
    case "json":
      return "{}";
    default: {
      const text = `e2e ${stamp}`;
      const max = field.maxLength ?? 60;
      const padded = text.padEnd(field.minLength ?? 0, "x");
      return padded.slice(0, Math.max(max, 1));
    }
  }
}

/** Picks an option of the field's select (a reference or an enum): the `nth`, counted round. */
async function choose(page: Page, field: FieldDefinition, nth: number) {
  // The select itself takes the click: a value already shown (a draft the form kept after a
  // refused save, or a default) covers its combobox input.
  await openSelect(page.locator("form"), field.label);
  const options = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
  await expect(options.first()).toBeVisible();
  const count = await options.count();
  await options.nth(nth % count).click();
}

/** Picks a stored file the operator may read; with none, uploads one into the first bucket offered. */
async function chooseStoredObject(page: Page, field: FieldDefinition, nth: number) {
  const form = page.locator("form");
  await openSelect(form, field.label);
  const options = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
  const none = page.locator(".ant-select-dropdown:visible").getByText("No stored file you may read matches.");
  await expect(options.first().or(none)).toBeVisible();
  const count = await options.count();
  if (count > 0) {
    await options.nth(nth % count).click();
    return;
  }
  await page.keyboard.press("Escape");
  const name = `e2e-${Date.now().toString(36)}.txt`;
  await form
    .getByLabel(/^Upload a file to /)
    .first()
    .setInputFiles({ name, mimeType: "text/plain", buffer: Buffer.from("e2e\n") });
  await expect(form.locator(".ant-select-selection-item").filter({ hasText: name })).toBeVisible();
}

/**
 * Fills a field of the open form with a value its rules accept; `attempt` picks another option
 * of a select (a key made of references or an enum may already exist with the first).
 */
export async function fill(page: Page, field: FieldDefinition, users: string[], fixedDate: string, attempt = 0) {
  const chooseFirst = (f: FieldDefinition) => choose(page, f, attempt);
  const input = page.locator("form").getByLabel(field.label, { exact: true });
  // A key to a stored file: one of the files the operator may read, else one uploaded from the form.
  if (field.storedObject) {
    await chooseStoredObject(page, field, attempt);
    return;
  }
  switch (field.type) {
    case "reference":
    case "enum":
      await chooseFirst(field);
      return;
    case "boolean":
      await page.locator("form").getByRole("checkbox", { name: field.label }).check();
      return;
    case "date":
      await input.fill(fixedDate);
      await input.press("Enter");
      return;
    case "datetime":
      await input.fill(`${fixedDate} 10:00:00`);
      await input.press("Enter");
      return;
    case "tags":
      if (field.options) {
        await chooseFirst(field);
        await page.keyboard.press("Escape");
        return;
      }
      {
        const tags = page.locator("form").getByRole("combobox", { name: field.label });
        await tags.fill(field.numberItems ? "1" : "e2e");
        await tags.press("Enter");
      }
      return;
    default:
      await input.fill(valueFor(field, users));
  }
}
