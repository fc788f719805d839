// Two stacks in one process share nothing: each service's state (REST's schema cache
// and compiled reads, auth's rate limits) is built by its own createXService.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authStateOf } from "./fixtures/auth/helpers.js";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

let a: TestStack;
let b: TestStack;

beforeAll(async () => {
  [a, b] = await Promise.all([
    startTestStack({ projectDir: path.join(FIXTURES, "two-stacks-a") }),
    startTestStack({ projectDir: path.join(FIXTURES, "two-stacks-b") }),
  ]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

describe("two stacks in one process", () => {
  it("answer the same request from their own schema, each compiling its own read", async () => {
    for (let round = 0; round < 2; round++) {
      expect((await a.service().from("things").select("*")).data).toEqual([{ id: 1, colour: "red" }]);
      expect((await b.service().from("things").select("*")).data).toEqual([{ id: 1, size: 42 }]);
    }
  });

  it("keep their own schema cache through a reload of the other", async () => {
    await a.sql("alter table public.things add column shade text");
    await a.ctx.hooks.reloadSchema();
    expect((await a.service().from("things").select("shade")).error).toBeNull();
    const fromB = await b.service().from("things").select("shade");
    expect(fromB.error?.message).toBe("column things.shade does not exist");
    expect((await b.service().from("things").select("*")).data).toEqual([{ id: 1, size: 42 }]);
  });

  it("keep their own auth rate limits", () => {
    expect(authStateOf(a)).not.toBe(authStateOf(b));
    expect(authStateOf(a).limiter).not.toBe(authStateOf(b).limiter);
  });
});
