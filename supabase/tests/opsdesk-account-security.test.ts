// Issue 27 A2–A7 against the demo's backend (operators in opsdesk), as an attacker would try it: an aal1 session
// of an account with an authenticator app, an e-mail address taken without confirming it,
// two admins deactivating each other at once, clients choosing keys, and a forged
// presence ("Ada Admin is editing").
import { randomUUID } from "node:crypto";
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { Secret, TOTP } from "otpauth";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Inbox, subscribe } from "../../stack/test/fixtures/realtime/helpers.js";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import { DEMO, DEMO_PASSWORD } from "./opsdesk-db.js";

let stack: TestStack;
const channels: RealtimeChannel[] = [];

beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
});
afterAll(async () => {
  await Promise.all(channels.map((c) => c.unsubscribe()));
  await stack?.stop();
});

async function signIn(email: string): Promise<SupabaseClient> {
  const client = stack.anon();
  const { error } = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
  if (error) throw error;
  return client;
}

function privateChannel(client: SupabaseClient, topic: string): RealtimeChannel {
  const channel = client.channel(topic, { config: { private: true } });
  channels.push(channel);
  return channel;
}

describe("an aal1 session of an account with an authenticator app (A2)", () => {
  let aal1: SupabaseClient;
  let aal2: SupabaseClient;

  beforeAll(async () => {
    aal2 = await signIn(DEMO.viewer.email);
    const { data: factor, error } = await aal2.auth.mfa.enroll({ factorType: "totp", friendlyName: "phone" });
    if (error || !factor) throw error;
    const code = new TOTP({ secret: Secret.fromBase32(factor.totp.secret) }).generate();
    const verified = await aal2.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
    if (verified.error) throw verified.error;
    aal1 = await signIn(DEMO.viewer.email);
  });

  it("cannot rename the operator (set_my_name: 42501)", async () => {
    const refused = await aal1.schema("opsdesk").rpc("set_my_name", { full_name: "Ada Admin" });
    expect(refused.error).toMatchObject({ code: "42501", hint: "OPSDESK_NOT_OPERATOR" });
    const [row] = await stack.sql("select full_name from opsdesk.operators where user_id = $1", [DEMO.viewer.id]);
    expect(row.full_name).not.toBe("Ada Admin");
    expect((await aal2.schema("opsdesk").rpc("set_my_name", { full_name: "Vera Viewer" })).error).toBeNull();
  });

  it("neither reads nor writes the operator's preferences", async () => {
    const preferences = (client: SupabaseClient) => client.schema("opsdesk").from("preferences");
    const write = await preferences(aal1).upsert({ user_id: DEMO.viewer.id, theme: "dark" });
    expect(write.error).toMatchObject({ code: "42501" });
    expect((await preferences(aal2).upsert({ user_id: DEMO.viewer.id, theme: "dark" })).error).toBe(null);
    expect((await preferences(aal1).select("theme")).data).toEqual([]);
    expect((await preferences(aal2).select("theme")).data).toEqual([{ theme: "dark" }]);
  });

  it("cannot join the operator's access channel (install 0009)", async () => {
    await aal1.realtime.setAuth();
    await expect(subscribe(privateChannel(aal1, `opsdesk:access:${DEMO.viewer.id}`))).rejects.toThrow(/CHANNEL_ERROR/);
    await aal2.realtime.setAuth();
    await expect(subscribe(privateChannel(aal2, `opsdesk:access:${DEMO.viewer.id}`))).resolves.toBeDefined();
  });

  it("cannot change the e-mail or password (401 insufficient_aal)", async () => {
    expect((await aal1.auth.updateUser({ password: "taken-over-1" })).error).toMatchObject({
      status: 401,
      code: "insufficient_aal",
    });
    expect((await aal1.auth.updateUser({ email: "thief@example.com" })).error).toMatchObject({
      status: 401,
      code: "insufficient_aal",
    });
  });
});

describe("an e-mail change (A3)", () => {
  it("leaves the operator's e-mail and the audit actor on the confirmed address until both addresses confirm", async () => {
    const editor = await signIn(DEMO.editor.email);
    const squatted = `invitee-${randomUUID().slice(0, 8)}@example.com`;
    const { data, error } = await editor.auth.updateUser({ email: squatted });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: DEMO.editor.email, new_email: squatted });
    const [operator] = await stack.sql("select email from opsdesk.operators where user_id = $1", [DEMO.editor.id]);
    expect(operator.email).toBe(DEMO.editor.email);
    // The address is not the account's: nobody can sign in with it or be found by it.
    const [taken] = await stack.sql("select count(*)::int as n from auth.users where email = $1", [squatted]);
    expect(taken.n).toBe(0);
    // A write in the same session names the confirmed address.
    const { data: category } = await editor
      .from("categories")
      .insert({ name: `Audit ${randomUUID().slice(0, 8)}`, slug: `audit-${randomUUID().slice(0, 8)}` })
      .select("id")
      .single();
    const [audit] = await stack.sql(
      "select actor_email from opsdesk.audit_log where schema_name = 'public' and table_name = 'categories' and record_id = $1::text",
      [category?.id],
    );
    expect(audit.actor_email).toBe(DEMO.editor.email);
  });
});

describe("the last active admin under concurrency (A4)", () => {
  const admins = [DEMO.admin.id, DEMO.editor.id];
  const activeAdmins = async () =>
    (await stack.sql("select count(*)::int as n from opsdesk.operators where role = 'admin' and active"))[0]
      .n as number;
  const bothAdmins = () =>
    stack.sql("update opsdesk.operators set role = 'admin', active = true where user_id = any($1::uuid[])", [admins]);
  let a: pg.Client;
  let b: pg.Client;

  beforeAll(async () => {
    a = new pg.Client({ connectionString: stack.ctx.db.url });
    b = new pg.Client({ connectionString: stack.ctx.db.url });
    await Promise.all([a.connect(), b.connect()]);
  });
  afterAll(async () => {
    await Promise.all([a?.end(), b?.end()]);
    // The free race's last round may have left either one the only active admin: both become
    // active admins first, so the editor can step down without being the last one.
    await bothAdmins();
    await stack.sql("update opsdesk.operators set role = 'editor', active = true where user_id = $1", [DEMO.editor.id]);
  });

  /** Runs `sql` in a transaction on `client` and commits it, or rolls back and rethrows. */
  const inTransaction = async (client: pg.Client, sql: string, values: unknown[]) => {
    try {
      await client.query(sql, values);
      await client.query("commit");
    } catch (err) {
      await client.query("rollback");
      throw err;
    }
  };
  const deactivate = "update opsdesk.operators set active = false where user_id = $1";

  it("never leaves zero when each deactivates the other before either commits", async () => {
    for (let round = 0; round < 10; round++) {
      await bothAdmins();
      await a.query("begin");
      await b.query("begin");
      const [bPid] = (await b.query<{ pid: number }>("select pg_backend_pid() as pid")).rows;
      await a.query(deactivate, [admins[1]]);
      const second = b.query(deactivate, [admins[0]]).then(
        () => "updated",
        (err: Error) => err,
      );
      // b's update either finishes (no lock: both committed, zero admins) or waits for a's lock.
      let state: unknown = null;
      while (state === null) {
        const blocked = await stack.sql("select cardinality(pg_blocking_pids($1)) > 0 as blocked", [bPid.pid]);
        state = await Promise.race([second, blocked[0].blocked ? "blocked" : null]);
      }
      await a.query("commit");
      const outcome = await second;
      await b.query(outcome === "updated" ? "commit" : "rollback");
      expect(outcome, `round ${round}`).toBeInstanceOf(Error);
      expect((outcome as Error).message).toBe("At least one active admin must remain.");
      expect(await activeAdmins(), `round ${round}`).toBe(1);
    }
  });

  it("never leaves zero when the two race freely, many times", async () => {
    for (let round = 0; round < 25; round++) {
      await bothAdmins();
      await Promise.all([a.query("begin"), b.query("begin")]);
      const results = await Promise.allSettled([
        inTransaction(a, deactivate, [admins[1]]),
        inTransaction(b, deactivate, [admins[0]]),
      ]);
      expect(
        results.filter((r) => r.status === "fulfilled"),
        `round ${round}`,
      ).toHaveLength(1);
      expect(await activeAdmins(), `round ${round}`).toBe(1);
    }
  });
});

describe("keys, creation times and versions on insert (A7)", () => {
  const PROTECTED = ["id", "created_at", "updated_at", "version"];
  const TABLES = ["categories", "products", "customers", "orders", "order_items"];

  it("refuses an insert naming them, and keeps later creates working", async () => {
    const editor = await signIn(DEMO.editor.email);
    const [{ next }] = await stack.sql<{ next: number }>(
      "select coalesce(max(id), 0) + 1 as next from public.categories",
    );
    const base = () => ({ name: `Keys ${randomUUID().slice(0, 8)}`, slug: `keys-${randomUUID().slice(0, 8)}` });
    for (const extra of [
      { id: Number(next) + 1 },
      { created_at: "2001-01-01T00:00:00Z" },
      { updated_at: "2001-01-01T00:00:00Z" },
      { version: 7 },
    ]) {
      const { error } = await editor.from("categories").insert({ ...base(), ...extra });
      expect(error, JSON.stringify(extra)).toMatchObject({
        code: "42501",
        message: "permission denied for table categories",
      });
    }
    for (let i = 0; i < 3; i++) expect((await editor.from("categories").insert(base())).error).toBeNull();
  });

  it("lets signed-in callers insert every other column (a column added later must be granted)", async () => {
    const columns = await stack.sql<{ table: string; column: string; insertable: boolean }>(
      `select c.relname as table, a.attname as column,
              has_column_privilege('authenticated', c.oid, a.attnum, 'INSERT') as insertable
       from pg_class c join pg_attribute a on a.attrelid = c.oid
       where c.relnamespace = 'public'::regnamespace and c.relname = any($1)
         and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''`,
      [TABLES],
    );
    const wrong = columns.filter((c) => c.insertable === PROTECTED.includes(c.column));
    expect(wrong.map((c) => `${c.table}.${c.column}`)).toEqual([]);
  });
});

describe("who is on a record (A6)", () => {
  interface Viewers {
    viewers: { user_id: string; name: string; mode: string; tabs: string[] }[];
    version: number;
  }
  const call = async (client: SupabaseClient, fn: string, args: Record<string, unknown>) => {
    const { data, error } = await client.schema("opsdesk").rpc(fn, args);
    if (error) throw error;
    return data as Viewers;
  };

  it("names each viewer from the database, and a forged broadcast reaches nobody", async () => {
    const editor = await signIn(DEMO.editor.email);
    const admin = await signIn(DEMO.admin.email);
    const topic = "opsdesk:record:public:products:41";
    const heard = new Inbox<Record<string, unknown>>();
    await editor.realtime.setAuth();
    await admin.realtime.setAuth();
    const listening = privateChannel(editor, topic).on("broadcast", { event: "*" }, (m) => heard.push(m.payload));
    await subscribe(listening);
    const attacker = privateChannel(admin, topic);
    await subscribe(attacker);

    // Another operator sends what used to make anyone appear as someone else.
    const forged = { viewers: [{ user_id: DEMO.viewer.id, name: "Vera Viewer", mode: "editing" }], version: 1e12 };
    await attacker.send({ type: "broadcast", event: "viewers", payload: forged });
    // Presence reaches the channel, but the console reads nothing from it but tab ids.
    await attacker.track({ user_id: DEMO.viewer.id, name: "Vera Viewer", mode: "editing" });

    const tab = randomUUID();
    const answer = await call(editor, "record_presence", {
      schema_name: "public",
      table_name: "products",
      record_id: "41",
      tab,
      mode: "editing",
    });
    expect(answer.viewers).toEqual([{ user_id: DEMO.editor.id, name: "Eddie Editor", mode: "editing", tabs: [tab] }]);
    // The database's own broadcast arrives; the forged one and the presence never did.
    await heard.next((m) => (m as unknown as Viewers).version === answer.version, 10_000);
    const forgedHeard = heard.items.filter((m) =>
      "presence" in m
        ? Object.keys(m.presence as object).length > 0
        : (m as unknown as Viewers).version !== answer.version,
    );
    expect(forgedHeard).toEqual([]);

    const left = await call(editor, "record_presence_leave", {
      schema_name: "public",
      table_name: "products",
      record_id: "41",
      tab,
    });
    expect(left.viewers).toEqual([]);
    expect(left.version).toBeGreaterThan(answer.version);
  });

  it("is refused to who may not see the record, and takes no mode but viewing or editing", async () => {
    const outsider = await signIn(DEMO.outsider.email);
    const editor = await signIn(DEMO.editor.email);
    const args = { schema_name: "public", table_name: "products", record_id: "41", tab: randomUUID(), mode: "viewing" };
    const presence = (client: SupabaseClient, change: Record<string, unknown> = {}) =>
      client.schema("opsdesk").rpc("record_presence", { ...args, ...change });
    expect((await presence(outsider)).error).toMatchObject({ code: "42501" });
    // Editors may not show operators; a table name cannot smuggle in another topic.
    expect((await presence(editor, { schema_name: "opsdesk", table_name: "operators" })).error).toMatchObject({
      code: "42501",
      hint: "OPSDESK_FORBIDDEN",
    });
    expect((await presence(editor, { table_name: "products:1:x" })).error).toMatchObject({
      code: "42501",
      hint: "OPSDESK_FORBIDDEN",
    });
    expect((await presence(editor, { mode: "owning" })).error).toMatchObject({
      code: "22023",
      hint: "OPSDESK_BAD_PRESENCE",
    });
  });
});
