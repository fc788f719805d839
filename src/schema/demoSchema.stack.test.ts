// The demo's describe() answer the unit tests run on (demoSchema.json) must be what the demo's
// migrations make, as its admin reads it: a migration that changes a store table fails here.
// To write it again: UPDATE_DEMO_SCHEMA=1 npx vitest run --project app src/schema/demoSchema.stack.test.ts
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import { signInDemoAccounts } from "../../supabase/tests/opsdesk-db.js";
import type { Described } from "./describe";

const FILE = fileURLToPath(new URL("./demoSchema.json", import.meta.url));

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
});
afterAll(async () => {
  await stack?.stop();
});

/** What does not describe the schema: the version of the moment and row estimates. */
const settled = (described: Described): Described => ({
  ...described,
  version: "demo",
  tables: described.tables.map((table) => ({ ...table, estimated_rows: null })),
});

describe("src/schema/demoSchema.json", () => {
  it("is the demo's describe() as its admin reads it", { timeout: 120_000 }, async () => {
    const admin = (await signInDemoAccounts(stack))("admin");
    const { data, error } = await admin.schema("opsdesk").rpc("describe");
    expect(error).toBeNull();
    const fresh = settled(data as Described);
    if (process.env.UPDATE_DEMO_SCHEMA === "1") writeFileSync(FILE, `${JSON.stringify(fresh, null, 1)}\n`);
    const committed = JSON.parse(readFileSync(FILE, "utf8"));
    expect(committed, "demoSchema.json is stale: run this file with UPDATE_DEMO_SCHEMA=1 and commit it").toEqual(fresh);
  });
});
