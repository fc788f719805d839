// Shared setup for the REST tests: the rest fixture project and raw-HTTP helpers.
import path from "node:path";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

export const REST_FIXTURE = path.join(FIXTURES, "rest");

export function startRestStack(): Promise<TestStack> {
  return startTestStack({ projectDir: REST_FIXTURE });
}

/** A raw request to /rest/v1 with the anon key (or the given token). */
export async function rest(
  stack: TestStack,
  pathAndQuery: string,
  init: RequestInit & { token?: string } = {},
): Promise<{ status: number; headers: Headers; text: string; json: () => unknown }> {
  const headers = new Headers(init.headers);
  headers.set("apikey", stack.keys.anon);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  const res = await fetch(`${stack.url}/rest/v1${pathAndQuery}`, { ...init, headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}

/** A signed user token for `sub` (what GoTrue would issue). */
export async function userToken(stack: TestStack, sub: string, extra: Record<string, unknown> = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return stack.ctx.jwt.sign({ sub, role: "authenticated", aud: "authenticated", iat: now, exp: now + 3600, ...extra });
}

/**
 * Sets `pgrst.<name>` for this stack's database only (`alter role authenticator in
 * database …`: test databases share one cluster, and so one authenticator role) and
 * reloads the schema cache, which reads it.
 */
export async function setPgrstSetting(stack: TestStack, name: string, value: string): Promise<void> {
  const [{ statement }] = await stack.sql<{ statement: string }>(
    "select format('alter role authenticator in database %I set %I = %L', current_database(), $1::text, $2::text) as statement",
    [`pgrst.${name}`, value],
  );
  await stack.sql(statement);
  await stack.ctx.hooks.reloadSchema();
}

/** Lets `Prefer: tx=rollback` take effect, as a project opts in on Supabase (PostgREST ignores it otherwise). */
export function allowTxOverride(stack: TestStack): Promise<void> {
  return setPgrstSetting(stack, "db_tx_end", "commit-allow-override");
}
