// The profile page's backend (docs/product.md §2 /profile) through supabase-js, as the console
// calls it: opsdesk.set_my_name changes only the caller's own operator name, password change
// with the current password checked first, and sign-out everywhere ending every session.
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

const operatorRow = async (userId: string) =>
  (await stack.sql("select full_name, role, active from opsdesk.operators where user_id = $1", [userId]))[0];

const setMyName = (client: SupabaseClient, fullName: string | null) =>
  client.schema("opsdesk").rpc("set_my_name", { full_name: fullName });

beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
});
afterAll(async () => {
  await stack?.stop();
});

describe("set_my_name", () => {
  it("renames the caller (trimmed), leaves role and active alone and is audited as the caller", async () => {
    const editor = await signIn(DEMO.editor.email);
    const before = await operatorRow(DEMO.editor.id);
    const { data, error } = await setMyName(editor, "  Erika Editor  ");
    expect(error).toBeNull();
    expect(data).toBe("Erika Editor");
    expect(await operatorRow(DEMO.editor.id)).toEqual({ ...before, full_name: "Erika Editor" });
    const [audit] = await stack.sql(
      `select actor_id::text, changed from opsdesk.audit_log
       where schema_name = 'opsdesk' and table_name = 'operators' and record_id = $1 and action = 'UPDATE'
       order by id desc limit 1`,
      [DEMO.editor.id],
    );
    expect(audit).toEqual({ actor_id: DEMO.editor.id, changed: ["full_name", "updated_at"] });
    // What the console's identity reads back: the own row through RLS.
    const { data: own } = await editor
      .schema("opsdesk")
      .from("operators")
      .select("full_name")
      .eq("user_id", DEMO.editor.id)
      .single();
    expect(own).toEqual({ full_name: "Erika Editor" });
  });

  it.each([
    ["empty", "   "],
    ["too long", "x".repeat(121)],
  ])("refuses a %s name with the operators' rule and changes nothing", async (_case, name) => {
    const viewer = await signIn(DEMO.viewer.email);
    const before = await operatorRow(DEMO.viewer.id);
    const { data, error } = await setMyName(viewer, name);
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: "23514" });
    expect(error?.message).toContain("operators_full_name_check");
    expect(await operatorRow(DEMO.viewer.id)).toEqual(before);
  });

  it("clears the name with null: the console then names the operator by their e-mail", async () => {
    const viewer = await signIn(DEMO.viewer.email);
    const before = await operatorRow(DEMO.viewer.id);
    try {
      expect(await setMyName(viewer, null)).toMatchObject({ data: null, error: null });
      expect(await operatorRow(DEMO.viewer.id)).toEqual({ ...before, full_name: null });
    } finally {
      expect((await setMyName(viewer, before.full_name)).error).toBeNull();
    }
  });

  it.each(["former", "outsider"] as const)(
    "refuses %s (not an active operator) with a permission error",
    async (who) => {
      const client = await signIn(DEMO[who].email);
      const { error } = await setMyName(client, "Someone Else");
      expect(error).toMatchObject({
        code: "42501",
        message: "This account has no access to Opsdesk.",
        hint: "OPSDESK_NOT_OPERATOR",
      });
      expect(
        await stack.sql("select count(*)::int as n from opsdesk.operators where full_name = 'Someone Else'"),
      ).toEqual([{ n: 0 }]);
    },
  );

  it("is not callable without a session", async () => {
    const { error } = await setMyName(stack.anon(), "Anonymous");
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
    await stack.sql("insert into opsdesk.operators (user_id, full_name, role) values ($1, 'Profile User', 'viewer')", [
      data.user.id,
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
