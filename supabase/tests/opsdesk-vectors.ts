// Shared by the Opsdesk vector tests: a stack of the repository's project whose
// seeded products and customers have all been embedded, and signed-in clients.
import type { SupabaseClient } from "@supabase/supabase-js";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import { DEMO, DEMO_PASSWORD } from "./opsdesk-db.js";

/** Polls until `check` passes; fails after `ms`. Returns how long it took. */
export async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - started;
}

export async function signIn(stack: TestStack, account: keyof typeof DEMO): Promise<SupabaseClient> {
  const client = stack.anon();
  const { error } = await client.auth.signInWithPassword({ email: DEMO[account].email, password: DEMO_PASSWORD });
  if (error) throw error;
  return client;
}

/** The repository's project, started and seeded, once the embedding queue is empty. */
export async function startEmbeddedStack(): Promise<TestStack> {
  const stack = await startTestStack({ projectDir: REPO_ROOT });
  await within(90_000, async () => {
    const [{ n }] = await stack.sql<{ n: number }>("select count(*)::int as n from app.embedding_jobs");
    return n === 0;
  });
  return stack;
}
