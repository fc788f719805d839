// The profile page's backend (docs/product.md §2 /profile) through supabase-js, as the console
// calls it: rpc set_my_name changes only the caller's own name, password change with the
// current password checked first, and sign-out everywhere ending every session.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import { DEMO, DEMO_PASSWORD } from "./opsdesk-db.js";

let stack: TestStack;

async function signIn(email: string, password = DEMO_PASSWORD): Promise<SupabaseClient> {
  const client = stack.anon();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

const staffRow = async (userId: string) =>
  (await stack.sql("select full_name, role::text, active from staff where user_id = $1", [userId]))[0];

beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
});
afterAll(async () => {
  await stack?.stop();
});

describe("set_my_name", () => {
  it("renames the caller (trimmed), leaves role and active alone and is audited as the caller", async () => {
    const editor = await signIn(DEMO.editor.email);
    const before = await staffRow(DEMO.editor.id);
    const { data, error } = await editor.rpc("set_my_name", { full_name: "  Erika Editor  " });
    expect(error).toBeNull();
    expect(data).toBe("Erika Editor");
    expect(await staffRow(DEMO.editor.id)).toEqual({ ...before, full_name: "Erika Editor" });
    const [audit] = await stack.sql(
      `select actor_id::text, changed from audit_log
       where table_name = 'staff' and record_id = $1 and action = 'UPDATE' order by id desc limit 1`,
      [DEMO.editor.id],
    );
    expect(audit).toEqual({ actor_id: DEMO.editor.id, changed: ["full_name"] });
    // What the console's identity reads back: the own row through RLS.
    const { data: own } = await editor.from("staff").select("full_name").eq("user_id", DEMO.editor.id).single();
    expect(own).toEqual({ full_name: "Erika Editor" });
  });

  it.each([
    ["empty", "   "],
    ["null", null],
    ["too long", "x".repeat(121)],
  ])("refuses a %s name with the staff rule and changes nothing", async (_case, name) => {
    const viewer = await signIn(DEMO.viewer.email);
    const before = await staffRow(DEMO.viewer.id);
    const { data, error } = await viewer.rpc("set_my_name", { full_name: name });
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: "23514" });
    expect(error?.message).toContain("staff_full_name_check");
    expect(await staffRow(DEMO.viewer.id)).toEqual(before);
  });

  it.each(["former", "outsider"] as const)("refuses %s (not active staff) with a permission error", async (who) => {
    const client = await signIn(DEMO[who].email);
    const { error } = await client.rpc("set_my_name", { full_name: "Someone Else" });
    expect(error).toMatchObject({ code: "42501", message: "You don't have permission to do that." });
    expect(await stack.sql("select count(*)::int as n from staff where full_name = 'Someone Else'")).toEqual([
      { n: 0 },
    ]);
  });

  it("is not callable without a session", async () => {
    const { error } = await stack.anon().rpc("set_my_name", { full_name: "Anonymous" });
    expect(error).toMatchObject({ code: "42501" });
  });
});

describe("password and sessions", () => {
  const email = "profile-user@example.com";
  const FIRST = "first-password-1";
  const SECOND = "second-password-2";

  beforeAll(async () => {
    const { data, error } = await stack
      .service()
      .auth.admin.createUser({ email, password: FIRST, email_confirm: true });
    if (error) throw error;
    await stack.sql("insert into staff (user_id, full_name, email, role) values ($1, 'Profile User', $2, 'viewer')", [
      data.user.id,
      email,
    ]);
  });

  it("a wrong current password fails the check and the password stays", async () => {
    const console_ = await signIn(email, FIRST);
    const { error } = await console_.auth.signInWithPassword({ email, password: "not-my-password" });
    expect(error).toMatchObject({ code: "invalid_credentials" });
    expect((await stack.anon().auth.signInWithPassword({ email, password: FIRST })).error).toBeNull();
  });

  it("a short new password is refused by the configured policy (10 characters)", async () => {
    const console_ = await signIn(email, FIRST);
    const { error } = await console_.auth.updateUser({ password: "short-9ch" });
    expect(error).toMatchObject({ code: "weak_password" });
  });

  it("after the current password checks out the new one replaces it and other sessions end", async () => {
    const elsewhere = await signIn(email, FIRST);
    const console_ = await signIn(email, FIRST);
    expect((await console_.auth.signInWithPassword({ email, password: FIRST })).error).toBeNull();
    const { error } = await console_.auth.updateUser({ password: SECOND, current_password: FIRST });
    expect(error).toBeNull();
    expect((await stack.anon().auth.signInWithPassword({ email, password: FIRST })).error).toMatchObject({
      code: "invalid_credentials",
    });
    expect((await console_.auth.getUser()).error).toBeNull();
    expect((await elsewhere.auth.refreshSession()).error).not.toBeNull();
  });

  it("sign out everywhere ends every session of the account", async () => {
    const other = await signIn(email, SECOND);
    const console_ = await signIn(email, SECOND);
    expect((await console_.auth.signOut({ scope: "global" })).error).toBeNull();
    expect((await other.auth.refreshSession()).error).not.toBeNull();
    const [{ n }] = await stack.sql<{ n: number }>(
      "select count(*)::int as n from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1",
      [email],
    );
    expect(n).toBe(0);
  });
});
