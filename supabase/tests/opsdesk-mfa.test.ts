// The two-factor rule (opsdesk.mfa_ok, kept from the demo's app.mfa_ok): once an operator has confirmed an
// authenticator app, a password-only (aal1) session of theirs holds no permissions
// and reads nothing; after the app's code (aal2) everything is back. Operators
// without an app are unaffected.
import type { SupabaseClient } from "@supabase/supabase-js";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import { DEMO, DEMO_PASSWORD } from "./opsdesk-db.js";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
});
afterAll(async () => {
  await stack?.stop();
});

async function signIn(email: string): Promise<SupabaseClient> {
  const client = stack.anon();
  const { error } = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (error) throw error;
  return client;
}

/** How many rights opsdesk.my_access() gives the session (none for a refused call). */
const permissionCount = async (client: SupabaseClient) =>
  Object.values(
    ((await client.schema("opsdesk").rpc("my_access")).data?.permissions ?? {}) as Record<string, string[]>,
  ).flat().length;
const productCount = async (client: SupabaseClient) =>
  (await client.from("products").select("id", { count: "exact", head: true })).count;

describe("two-factor sign-in for operators", () => {
  it("serves an enrolled operator's aal1 session nothing, and its aal2 session everything", async () => {
    const editor = await signIn(DEMO.editor.email);
    const before = await permissionCount(editor);
    expect(before).toBeGreaterThan(0);
    const { data: factor } = await editor.auth.mfa.enroll({ factorType: "totp", friendlyName: "app" });
    const code = () => new TOTP({ secret: Secret.fromBase32(factor?.totp.secret as string) }).generate();
    expect(
      (await editor.auth.mfa.challengeAndVerify({ factorId: factor?.id as string, code: code() })).error,
    ).toBeNull();
    expect(await permissionCount(editor)).toBe(before);

    const passwordOnly = await signIn(DEMO.editor.email);
    expect(await permissionCount(passwordOnly)).toBe(0);
    expect(await productCount(passwordOnly)).toBe(0);
    await passwordOnly.auth.mfa.challengeAndVerify({ factorId: factor?.id as string, code: code() });
    expect(await permissionCount(passwordOnly)).toBe(before);
    expect(await productCount(passwordOnly)).toBeGreaterThan(0);

    const viewer = await signIn(DEMO.viewer.email); // no app: a password is enough
    expect(await permissionCount(viewer)).toBeGreaterThan(0);
  });
});
