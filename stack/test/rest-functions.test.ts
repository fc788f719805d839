// Which functions REST serves, as PostgREST's schema cache decides (docs/rest.md):
// trigger and event-trigger functions and functions it cannot call by name are neither
// in the OpenAPI document nor callable (404 PGRST202); under --require-api-key the
// document itself is served to secret keys only, as on hosted Supabase.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

const PROJECT = path.join(FIXTURES, "rest-functions");

async function openApiPaths(stack: TestStack, key: string): Promise<string[]> {
  const res = await fetch(`${stack.url}/rest/v1/`, { headers: { apikey: key } });
  expect(res.status).toBe(200);
  return Object.keys(((await res.json()) as { paths: Record<string, unknown> }).paths).sort();
}

describe("functions REST serves", () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ projectDir: PROJECT });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("lists neither trigger nor event-trigger functions nor ones it cannot call", async () => {
    expect(await openApiPaths(stack, stack.keys.anon)).toEqual([
      "/",
      "/rpc/ingest",
      "/rpc/open_tickets",
      "/rpc/ticket_count",
      "/tickets",
    ]);
  });

  it("answers a call to a trigger function as PostgREST does: 404 PGRST202", async () => {
    for (const name of ["touch_ticket", "log_ddl"]) {
      const res = await fetch(`${stack.url}/rest/v1/rpc/${name}`, {
        method: "POST",
        headers: { apikey: stack.keys.anon, "content-type": "application/json" },
        body: "{}",
      });
      expect(res.status, name).toBe(404);
      expect(await res.json()).toEqual({
        code: "PGRST202",
        message: `Could not find the function public.${name} without parameters in the schema cache`,
        details: `Searched for the function public.${name} without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
        hint: null,
      });
    }
    const res = await fetch(`${stack.url}/rest/v1/rpc/double_it?a=2`, { headers: { apikey: stack.keys.anon } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "PGRST202" });
  });

  it("still calls the ones PostgREST can call", async () => {
    const { data, error } = await stack.anon().rpc("ingest", [1, 2, 3] as never);
    expect(error).toBeNull();
    expect(data).toBe(3);
  });
});

describe("the OpenAPI document under --require-api-key", () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ projectDir: PROJECT, requireApiKey: true });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("is served to secret keys only, as on hosted Supabase", async () => {
    for (const key of [stack.keys.anon, stack.keys.publishable]) {
      const res = await fetch(`${stack.url}/rest/v1/`, { headers: { apikey: key } });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        message: "Access to schema is forbidden",
        hint: "Accessing the schema via the Data API is only allowed using a secret API key.",
      });
    }
    for (const key of [stack.keys.serviceRole, stack.keys.secret]) {
      expect(await openApiPaths(stack, key)).toContain("/tickets");
    }
    // Everything else stays as it was for the anon key.
    const rows = await fetch(`${stack.url}/rest/v1/tickets`, { headers: { apikey: stack.keys.anon } });
    expect(rows.status).toBe(200);
  });
});
