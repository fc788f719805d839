// `opsdesk-stack test db` runs a project's pgTAP tests as `supabase test db` does
// (docs/test-db.md): pg_prove over supabase/tests, TAP summary, exit status, pgTAP
// created for the run and dropped after it.
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDbTests } from "../src/cli/test-db.js";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

const PROJECT = path.join(FIXTURES, "pgtap");

async function run(stack: TestStack, paths?: string[]) {
  const out = new PassThrough();
  const err = new PassThrough();
  let text = "";
  out.on("data", (chunk) => {
    text += chunk;
  });
  err.on("data", (chunk) => {
    text += chunk;
  });
  const status = await runDbTests({ projectDir: PROJECT, dbUrl: stack.dbUrl, paths, out, err });
  return { status, text };
}

describe("test db", () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ projectDir: PROJECT });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("runs supabase/tests with pg_prove and passes", async () => {
    const { status, text } = await run(stack);
    expect(text).toMatch(/01_schema\.sql \.+ ok/);
    expect(text).toMatch(/02_rls\.sql \.+ ok/);
    expect(text).toContain("All tests successful.");
    expect(text).toMatch(/Files=2, Tests=8/);
    expect(text).toContain("Result: PASS");
    expect(status).toBe(0);
    // pgTAP was created for the run only, and the tests' transactions left nothing behind.
    expect(await stack.sql("select extname from pg_extension where extname = 'pgtap'")).toEqual([]);
    expect(await stack.sql("select count(*)::int as n from public.todos")).toEqual([{ n: 0 }]);
  });

  it("reports a failing test and exits non-zero", async () => {
    const { status, text } = await run(stack, ["failing"]);
    expect(text).toContain('Failed test 2: "arithmetic is broken"');
    expect(text).toContain("Result: FAIL");
    expect(status).not.toBe(0);
  });

  it("keeps a pgTAP the database already had", async () => {
    await stack.sql("create extension pgtap with schema extensions");
    const { status } = await run(stack);
    expect(status).toBe(0);
    expect(await stack.sql("select extname from pg_extension where extname = 'pgtap'")).toEqual([{ extname: "pgtap" }]);
  });
});
