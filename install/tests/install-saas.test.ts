// Opsdesk installed with the CLI on the Launchpad SaaS fixture, a project with the old default
// grants, a second exposed schema, a restrictive policy and tables without RLS
// (docs/any-project.md): app users keep exactly their access, the console's calls work through
// the API, search honours the project's restrictive policy, text and composite keys work, a
// renamed table keeps its matrix, and init adds only what is new.
import { readdirSync } from "node:fs";
import path from "node:path";
import { FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  BulkWriteResult,
  Described,
  MyAccess,
  OperatorListEntry,
  RecordViewers,
  SearchCount,
  SearchPage,
} from "../../src/resources/describe.types.js";
import { latestMail, mailsTo } from "../../stack/test/fixtures/auth/helpers.js";
import { addOperator } from "../database.js";
import { installFiles } from "../project.js";
import {
  accessMap,
  as,
  exposeOpsdesk,
  installWithCli,
  type Project,
  runCli,
  sqlAs,
  startProject,
  type Who,
} from "./helpers.js";

const USERS = {
  alice: { sub: "5aa50000-0000-4000-8000-000000000001", email: "alice@acme.test" },
  bob: { sub: "5aa50000-0000-4000-8000-000000000002", email: "bob@acme.test" },
  carol: { sub: "5aa50000-0000-4000-8000-000000000003", email: "carol@acme.test" },
  dan: { sub: "5aa50000-0000-4000-8000-000000000004", email: "dan@globex.test" },
  erin: { sub: "5aa50000-0000-4000-8000-000000000005", email: "erin@initech.test" },
  frank: { sub: "5aa50000-0000-4000-8000-000000000006", email: "frank@globex.test" },
};
const APP_USERS: Record<string, Who> = { ...USERS, anon: "anon" };

let project: Project;
let before: Record<string, unknown>;
let ops: SupabaseClient;
let viewer: SupabaseClient;

async function signIn(email: string, password = "launchpad-dev"): Promise<SupabaseClient> {
  const { data, error } = await project.stack.anon().auth.signInWithPassword({ email, password });
  if (error) throw error;
  return project.stack.asUser(data.session.access_token);
}

beforeAll(async () => {
  project = await startProject("saas");
  before = await accessMap(project.stack, APP_USERS);
  await installWithCli(project);
  await exposeOpsdesk(project);
  // Frank runs operations for Launchpad; Erin, a customer, is made a viewer (as add-admin and
  // add-operator do it); a new operations account is created with its password.
  const target = {
    url: project.stack.url,
    serviceRoleKey: project.stack.keys.serviceRole,
    databaseUrl: project.stack.dbUrl,
  };
  expect(await addOperator(target, USERS.frank.email, undefined)).toEqual({ id: USERS.frank.sub, created: false });
  await addOperator(target, USERS.erin.email, undefined, "viewer");
  expect((await addOperator(target, "ops@launchpad.test", "ops-password-1")).created).toBe(true);
  ops = await signIn("ops@launchpad.test", "ops-password-1");
  viewer = await signIn(USERS.erin.email);
}, 240_000);

afterAll(async () => {
  await project?.stop();
});

it("app users keep exactly the access they had, also where the project granted everything", async () => {
  // The users who became operators are left out here: they gained what the matrix gives.
  const { frank: _f, erin: _e, ...appUsers } = APP_USERS;
  const after = await accessMap(project.stack, appUsers);
  const unchanged = Object.fromEntries(Object.entries(before).filter(([k]) => !/ as (frank|erin)$/.test(k)));
  expect(after).toEqual(unchanged);
  // Owner-only RLS stays owner-only for an app user; the restrictive policy still hides drafts.
  expect((after["public.profiles as alice"] as { select: string }).select).toMatch(/^1 /);
  expect((after["billing.invoices as alice"] as { select: string }).select).toMatch(/^[1-9]/);
}, 120_000);

it("answers the console through the API: my_access, describe, bulk_write by text key", async () => {
  const access = await ops.schema("opsdesk").rpc("my_access");
  expect(access.error).toBeNull();
  expect(access.data as MyAccess).toMatchObject({ role: "admin", is_admin: true, active: true });
  const described = await ops.schema("opsdesk").rpc("describe");
  expect(described.error).toBeNull();
  const tables = (described.data as Described).tables;
  // `internal` is usable by authenticated and its table granted, but config.toml's `[api]
  // schemas` leaves it out: the recorded list wins over the install's guess (install 0007),
  // and the table the install took on by that guess is given back as it was.
  expect((described.data as Described).schemas).toEqual(["public", "billing"]);
  expect(tables.some((t) => t.schema === "internal")).toBe(false);
  expect(await project.stack.sql("select 1 from opsdesk.managed_tables where schema_name = 'internal'")).toEqual([]);
  expect(
    await project.stack.sql("select 1 from pg_policies where schemaname = 'internal' and policyname like 'opsdesk:%'"),
  ).toEqual([]);
  // Only the tooling records the list (the service role, or the database owner): not even an admin.
  const widened = await ops.schema("opsdesk").rpc("set_api_schemas", { schemas: ["public", "internal"] });
  expect(widened.error?.code).toBe("42501");
  const byName = (s: string, n: string) => tables.find((t) => t.schema === s && t.name === n);
  expect(byName("billing", "invoice_lines")?.primary_key).toEqual(["invoice_number", "line_no"]);
  expect(byName("public", "feature_flags")).toMatchObject({ managed: false, rls: { enabled: false } });
  expect(byName("public", "feature_flags")?.exposure?.anon).toEqual(["delete", "insert", "select", "update"]);
  expect(byName("public", "project_overview")).toMatchObject({ kind: "view", managed: false, primary_key: null });
  const memberRole = byName("public", "memberships")?.columns.find((c) => c.name === "role");
  expect(memberRole).toMatchObject({ type: 'public."Member Role"', enum: ["Owner", "Admin", "Member", "Guest"] });
  expect(byName("public", "tasks")?.search).toEqual({ columns: ["title"], indexed: true });

  const voided = await ops.schema("opsdesk").rpc("bulk_write", {
    schema_name: "billing",
    table_name: "invoices",
    action: "update",
    rows: [{ number: "INV-2025-0011" }, { number: "INV-2099-0001" }],
    changes: { status: "void" },
  });
  expect(voided.error).toBeNull();
  const result = voided.data as BulkWriteResult;
  expect(result.changed).toEqual([{ number: "INV-2025-0011" }]);
  expect(result.refused).toEqual([
    expect.objectContaining({ key: { number: "INV-2099-0001" }, hint: "OPSDESK_NOT_FOUND" }),
  ]);

  const denied = await viewer
    .schema("opsdesk")
    .rpc("bulk_write", { schema_name: "public", table_name: "tasks", action: "delete", rows: [{ id: 1 }] });
  expect(denied.error).toMatchObject({ code: "42501", hint: "OPSDESK_FORBIDDEN" });
  const viewerTables = (await viewer.schema("opsdesk").rpc("describe")).data as Described;
  expect(viewerTables.tables.some((t) => t.name === "feature_flags")).toBe(false);
  expect(viewerTables.tables.every((t) => t.managed)).toBe(true);
});

it("search is served by the trigram index and honours the project's restrictive policy", async () => {
  const page = await ops
    .schema("opsdesk")
    .rpc("search", { schema_name: "public", table_name: "tasks", q: "review ONBOARD", page_limit: 100 });
  expect(page.error).toBeNull();
  const rows = (page.data as SearchPage).rows as { title: string }[];
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect(r.title.toLowerCase()).toMatch(/review.*onboard/);
  const [{ n }] = await project.stack.sql<{ n: number }>(
    "select count(*)::int as n from public.tasks where title ilike '%review%' and title ilike '%onboard%'",
  );
  expect(rows).toHaveLength(n);
  // The search's own condition can be served by the trigram index (a 60-row table is read
  // whole unless sequential scans are off).
  const client = await project.stack.ctx.db.admin.connect();
  try {
    await client.query("begin");
    await client.query("set local enable_seqscan = off");
    const cond = await client.query<{ cond: string }>(
      "select opsdesk.search_where('public.tasks'::regclass, 'csv', '[]') as cond",
    );
    const plan = await client.query(`explain select 1 from public.tasks t where ${cond.rows[0].cond}`);
    expect(JSON.stringify(plan.rows)).toContain("tasks_title_trgm");
  } finally {
    await client.query("rollback");
    client.release();
  }

  // Drafts are hidden by the project's restrictive policy, from operators too.
  const count = await ops
    .schema("opsdesk")
    .rpc("search_count", { schema_name: "billing", table_name: "invoices", q: "INV-2025" });
  expect(count.data as SearchCount).toEqual({ total: 11, approximate: false });
  const [{ all }] = await project.stack.sql<{ all: number }>("select count(*)::int as all from billing.invoices");
  expect(all).toBe(12);
});

it("a renamed table keeps its matrix, its policies and its audit trail", async () => {
  await project.stack.sql("alter table public.webhook_deliveries rename to deliveries");
  const rows = await project.stack.sql<{ action: string }>(
    "select action from opsdesk.permissions where schema_name = 'public' and table_name = 'deliveries' and role = 'viewer' order by 1",
  );
  expect(rows.map((r) => r.action)).toEqual(["export", "list", "show"]);
  const seen = await sqlAs(project.stack, USERS.erin, "select count(*)::int as n from public.deliveries");
  expect(seen.rows?.[0]).toEqual({ n: 25 });
  await as(project.stack, USERS.frank, (c) => c.query("delete from public.deliveries where id = 1"), true);
  const entry = await sqlAs(
    project.stack,
    USERS.frank,
    "select table_name, record_id, action from opsdesk.audit_log where table_name = 'deliveries'",
  );
  expect(entry.rows).toEqual([{ table_name: "deliveries", record_id: "1", action: "DELETE" }]);
  // Consoles listing the table hear of it on its private channel, with the key.
  const sent = await project.stack.sql<{ payload: { op: string; keys: unknown[] } }>(
    "select payload from realtime.messages where topic = 'opsdesk:table:public:deliveries' and private order by id",
  );
  expect(sent.map((m) => m.payload)).toEqual([expect.objectContaining({ op: "DELETE", keys: [{ id: 1 }] })]);
});

it("a partitioned table is one table: described once, audited under its own name", async () => {
  const described = (await ops.schema("opsdesk").rpc("describe")).data as Described;
  const activity = described.tables.filter((t) => t.name.startsWith("activity"));
  expect(activity.map((t) => [t.name, t.kind, t.managed])).toEqual([["activity", "partitioned_table", true]]);
  await as(
    project.stack,
    USERS.frank,
    (c) => c.query("update public.activity set verb = 'archived' where id = 3"),
    true,
  );
  const entries = await sqlAs(
    project.stack,
    USERS.frank,
    "select table_name, record_key ->> 'id' as id, changed from opsdesk.audit_log where schema_name = 'public' and table_name like 'activity%'",
  );
  expect(entries.rows).toEqual([{ table_name: "activity", id: "3", changed: ["verb"] }]);
});

it("presence channels admit only operators who may show the record's table", async () => {
  const mayJoin = async (who: Who, topic: string) =>
    (await sqlAs(project.stack, who, "select opsdesk.may_join($1) as ok", [topic])).rows?.[0]?.ok;
  expect(await mayJoin(USERS.frank, "opsdesk:record:billing:invoices:INV-2025-0001")).toBe(true);
  expect(await mayJoin(USERS.erin, "opsdesk:record:billing:invoices:INV-2025-0001")).toBe(true);
  expect(await mayJoin(USERS.alice, "opsdesk:record:billing:invoices:INV-2025-0001")).toBe(false);
  expect(await mayJoin(USERS.erin, `opsdesk:access:${USERS.erin.sub}`)).toBe(true);
  expect(await mayJoin(USERS.erin, `opsdesk:access:${USERS.frank.sub}`)).toBe(false);
  expect(await mayJoin(USERS.alice, "opsdesk:schema")).toBe(false);
});

describe("who is on a record", () => {
  // docs/any-project.md, "Who is on a record": the database names the viewers, from the JWT.
  const RECORD = ["billing", "invoices", "INV-2025-0001"] as const;
  const TOPIC = "opsdesk:record:billing:invoices:INV-2025-0001";
  const TAB_OPS = "0b000000-0000-4000-8000-000000000001";
  const TAB_ERIN = "0b000000-0000-4000-8000-000000000002";
  const presence = async (client: SupabaseClient, tab: string, mode?: string, fn = "record_presence") => {
    const [schema_name, table_name, record_id] = RECORD;
    const { data, error } = await client
      .schema("opsdesk")
      .rpc(fn, { schema_name, table_name, record_id, tab, ...(mode ? { mode } : {}) });
    if (error) throw new Error(`${error.code} ${error.hint}: ${error.message}`);
    return data as RecordViewers;
  };
  const opsId = async () => (await ops.auth.getUser()).data.user?.id;

  it("records the caller from the JWT, one entry per active operator, and broadcasts each change", async () => {
    const first = await presence(ops, TAB_OPS, "editing");
    expect(first.viewers).toEqual([
      { user_id: await opsId(), name: "ops@launchpad.test", mode: "editing", tabs: [TAB_OPS] },
    ]);
    const second = await presence(viewer, TAB_ERIN);
    expect(second.viewers.map((v) => [v.name, v.mode])).toEqual([
      ["erin@initech.test", "viewing"],
      ["ops@launchpad.test", "editing"],
    ]);
    expect(second.version).toBeGreaterThan(first.version);
    // Renewing without a change answers but sends nothing.
    await presence(viewer, TAB_ERIN);
    const left = await presence(viewer, TAB_ERIN, undefined, "record_presence_leave");
    expect(left.viewers.map((v) => v.name)).toEqual(["ops@launchpad.test"]);
    const sent = await project.stack.sql<{ payload: RecordViewers; private: boolean }>(
      "select payload, private from realtime.messages where topic = $1 and event = 'viewers' order by inserted_at",
      [TOPIC],
    );
    expect(sent.map((m) => [m.private, m.payload.viewers.length, m.payload.version])).toEqual([
      [true, 1, first.version],
      [true, 2, second.version],
      [true, 1, left.version],
    ]);
  });

  it("names nobody who is no active operator", async () => {
    await presence(viewer, TAB_ERIN);
    await project.stack.sql("update opsdesk.operators set active = false where user_id = $1", [USERS.erin.sub]);
    try {
      expect((await presence(ops, TAB_OPS, "editing")).viewers.map((v) => v.name)).toEqual(["ops@launchpad.test"]);
    } finally {
      await project.stack.sql("update opsdesk.operators set active = true where user_id = $1", [USERS.erin.sub]);
    }
  });

  it("refuses who may not show the table, names that would make another topic, and bad modes", async () => {
    const call = (who: Who, args: unknown[]) =>
      sqlAs(project.stack, who, "select opsdesk.record_presence($1, $2, $3, $4, $5) as r", args);
    const refused = await call(USERS.alice, [...RECORD, TAB_OPS, "viewing"]);
    expect(refused.error).toMatchObject({ code: "42501", hint: "OPSDESK_FORBIDDEN" });
    // A table the viewer may show, with the topic of another (`billing:invoices:x` read as a
    // record of billing.invoices) smuggled into the name.
    const smuggled = await call(USERS.erin, ["billing", "invoices:INV-2025-0001", "x", TAB_ERIN, "viewing"]);
    expect(smuggled.error).toMatchObject({ code: "42501", hint: "OPSDESK_FORBIDDEN" });
    const mode = await call(USERS.erin, [...RECORD, TAB_ERIN, "admin"]);
    expect(mode.error).toMatchObject({ code: "22023", hint: "OPSDESK_BAD_PRESENCE" });
    const noTab = await call(USERS.erin, [...RECORD, null, "viewing"]);
    expect(noTab.error).toMatchObject({ code: "22023", hint: "OPSDESK_BAD_PRESENCE" });
  });

  it("lets clients track presence on the channel but never broadcast there", async () => {
    const send = (extension: string) =>
      as(project.stack, USERS.erin, async (c) => {
        await c.query("select set_config('realtime.topic', $1, true)", [TOPIC]);
        try {
          await c.query(
            "insert into realtime.messages (topic, extension, event, payload, private) values ($1, $2, 'viewers', '{}', true)",
            [TOPIC, extension],
          );
          return "sent";
        } catch (err) {
          return (err as { code: string }).code;
        }
      });
    expect(await send("presence")).toBe("sent");
    expect(await send("broadcast")).toBe("42501");
  });
});

it("operator_list gives admins each operator's account state, and nobody else", async () => {
  const { data, error } = await ops.schema("opsdesk").rpc("operator_list");
  expect(error).toBeNull();
  const rows = data as OperatorListEntry[];
  const erin = rows.find((r) => r.email === USERS.erin.email);
  expect(erin).toMatchObject({ user_id: USERS.erin.sub, role: "viewer", active: true, mfa: false });
  expect(erin?.last_sign_in_at).not.toBeNull();
  expect(rows.find((r) => r.email === USERS.frank.email)).toMatchObject({ role: "admin", last_sign_in_at: null });
  const refused = await viewer.schema("opsdesk").rpc("operator_list");
  expect(refused.error).toMatchObject({ code: "42501", hint: "OPSDESK_NOT_ADMIN" });
});

describe("the opsdesk-admin edge function init wrote", () => {
  // docs/any-project.md, "Operators": served from the folder init wrote it into.
  const call = async (client: SupabaseClient, body: Record<string, unknown>) => {
    const { data, error } = await client.functions.invoke("opsdesk-admin", { body });
    if (!error) return { status: 200, body: data as { operator?: Record<string, unknown>; invited?: boolean } };
    if (!(error instanceof FunctionsHttpError)) throw error;
    return { status: error.context.status as number, body: (await error.context.json()) as { code?: string } };
  };

  it("invites a new e-mail (an account and a mail), makes an existing account an operator at once", async () => {
    const fresh = await call(ops, {
      action: "invite",
      email: "New.Person@Launchpad.test",
      role: "editor",
      full_name: "New Person",
      redirect_to: "http://127.0.0.1:5173/update-password",
    });
    expect(fresh).toMatchObject({
      status: 200,
      body: { invited: true, operator: { email: "new.person@launchpad.test", role: "editor", active: true } },
    });
    expect((await latestMail(project.stack, "new.person@launchpad.test")).subject).toBeTruthy();
    // operator_list shows them as invited, not yet signed in.
    const { data } = await ops.schema("opsdesk").rpc("operator_list");
    expect((data as OperatorListEntry[]).find((r) => r.email === "new.person@launchpad.test")).toMatchObject({
      full_name: "New Person",
      last_sign_in_at: null,
      invited_at: expect.any(String),
    });
    const existing = await call(ops, { action: "invite", email: USERS.bob.email });
    expect(existing).toMatchObject({ status: 200, body: { invited: false, operator: { role: "viewer" } } });
    expect(await mailsTo(project.stack, USERS.bob.email)).toEqual([]);
    // The audit log names the admin who did it.
    const [entry] = await project.stack.sql<{ actor_email: string }>(
      "select actor_email from opsdesk.audit_log where table_name = 'operators' and action = 'INSERT' and new ->> 'email' = $1",
      [USERS.bob.email],
    );
    expect(entry.actor_email).toBe("ops@launchpad.test");
  }, 120_000); // the first call starts Deno (and may fetch supabase-js into the shared cache)

  it("answers each refusal with its code and status, changing nothing", async () => {
    expect(await call(ops, { action: "invite", email: USERS.bob.email })).toMatchObject({
      status: 409,
      body: { code: "OPSDESK_ALREADY_OPERATOR" },
    });
    expect(await call(ops, { action: "invite", email: "nobody-yet@launchpad.test", role: "owner" })).toMatchObject({
      status: 400,
      body: { code: "OPSDESK_NO_SUCH_ROLE" },
    });
    expect(await call(ops, { action: "invite", email: "not an address" })).toMatchObject({
      status: 400,
      body: { code: "OPSDESK_BAD_REQUEST" },
    });
    expect(await call(viewer, { action: "invite", email: "nobody-yet@launchpad.test" })).toMatchObject({
      status: 403,
      body: { code: "OPSDESK_NOT_ADMIN" },
    });
    expect(await call(project.stack.anon(), { action: "invite", email: "nobody-yet@launchpad.test" })).toMatchObject({
      status: 401,
      body: { code: "OPSDESK_NOT_SIGNED_IN" },
    });
    const [{ n }] = await project.stack.sql<{ n: number }>(
      "select count(*)::int as n from auth.users where email = 'nobody-yet@launchpad.test'",
    );
    expect(n).toBe(0);
  });

  const openInvitation = async (email: string) => {
    const { data } = await ops.schema("opsdesk").rpc("operator_list");
    return (data as OperatorListEntry[]).find((r) => r.email === email);
  };

  it("resends an invitation not yet followed (a new link) and revokes it (operator row and the account it made)", async () => {
    const email = "rita.revoked@launchpad.test";
    const invited = await call(ops, { action: "invite", email, role: "viewer", full_name: "Rita Revoked" });
    expect(invited.status).toBe(200);
    const row = await openInvitation(email);
    expect(row).toMatchObject({ opsdesk_invited: true, email_confirmed_at: null, invited_at: expect.any(String) });
    const userId = row?.user_id as string;
    const [first] = await mailsTo(project.stack, email);
    // Auth mails an address once a second at most (config.toml's max_frequency, default 1s).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(first.created_at) + 1_000 - Date.now())));
    expect(await call(ops, { action: "resend_invite", user_id: userId })).toMatchObject({
      status: 200,
      body: { operator: { email } },
    });
    const mails = await mailsTo(project.stack, email);
    expect(mails).toHaveLength(2);
    expect(mails[0].action_link).not.toBe(first.action_link);
    // Only admins, only an open invitation, only a well-formed id.
    expect(await call(viewer, { action: "resend_invite", user_id: userId })).toMatchObject({
      status: 403,
      body: { code: "OPSDESK_NOT_ADMIN" },
    });
    expect(await call(ops, { action: "resend_invite", user_id: USERS.bob.sub })).toMatchObject({
      status: 409,
      body: { code: "OPSDESK_INVITATION_FOLLOWED" },
    });
    expect(await call(ops, { action: "revoke_invite", user_id: "not-a-uuid" })).toMatchObject({
      status: 400,
      body: { code: "OPSDESK_BAD_REQUEST" },
    });
    expect(await call(ops, { action: "revoke_invite", user_id: USERS.carol.sub })).toMatchObject({
      status: 404,
      body: { code: "OPSDESK_NO_SUCH_USER" },
    });

    expect(await call(ops, { action: "revoke_invite", user_id: userId })).toMatchObject({
      status: 200,
      body: { account_deleted: true, operator: { email } },
    });
    expect(await openInvitation(email)).toBeUndefined();
    const [{ n }] = await project.stack.sql<{ n: number }>("select count(*)::int as n from auth.users where id = $1", [
      userId,
    ]);
    expect(n).toBe(0);
    // The revoked link leads nowhere: its account is gone.
    const followed = await fetch(mails[0].action_link as string, { redirect: "manual" });
    const location = followed.headers.get("location") ?? "";
    expect(location).toContain("error_code=");
    expect(location).not.toContain("access_token");
  });

  it("revoking an invitation the project's app sent keeps the app's account", async () => {
    // The app invited this user itself (not opsdesk-admin); an admin then made them an operator.
    const email = "app.invitee@launchpad.test";
    const appInvite = await project.stack.service().auth.admin.inviteUserByEmail(email);
    expect(appInvite.error).toBeNull();
    expect((await ops.schema("opsdesk").rpc("add_operator", { email, role: "viewer" })).error).toBeNull();
    const row = await openInvitation(email);
    expect(row).toMatchObject({ opsdesk_invited: false, email_confirmed_at: null });
    expect(await call(ops, { action: "revoke_invite", user_id: row?.user_id })).toMatchObject({
      status: 200,
      body: { account_deleted: false },
    });
    expect(await openInvitation(email)).toBeUndefined();
    const [{ n }] = await project.stack.sql<{ n: number }>(
      "select count(*)::int as n from auth.users where email = $1",
      [email],
    );
    expect(n).toBe(1);
  });
});

describe("file columns (install 0003)", () => {
  // A 1×1 PNG: the avatars bucket takes images only.
  const PNG = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  const upload = (client: SupabaseClient, path: string) =>
    client.storage.from("avatars").upload(path, PNG, { contentType: "image/png", upsert: false });

  it("an admin marks profiles.avatar_url as a file in avatars: operators read its limits, upload and remove as the matrix allows", async () => {
    const set = await ops.schema("opsdesk").rpc("set_table_settings", {
      schema_name: "public",
      table_name: "profiles",
      settings: { file_columns: { avatar_url: { bucket: "avatars" } } },
    });
    expect(set.error).toBeNull();
    // The bucket's limits, which storage.buckets does not let operators read.
    const buckets = await viewer.schema("opsdesk").rpc("file_buckets");
    expect(buckets.error).toBeNull();
    expect(buckets.data).toEqual([
      {
        id: "avatars",
        public: true,
        file_size_limit: 1048576,
        allowed_mime_types: ["image/png", "image/jpeg", "image/webp"],
      },
    ]);
    const alice = await signIn(USERS.alice.email);
    expect((await alice.schema("opsdesk").rpc("file_buckets")).error).toMatchObject({ hint: "OPSDESK_NOT_OPERATOR" });

    // The admin (edit on profiles) uploads under the column's folder; the viewer may not.
    const path = `public/profiles/avatar_url/${crypto.randomUUID()}.png`;
    expect((await upload(ops, path)).error).toBeNull();
    expect((await upload(viewer, `public/profiles/avatar_url/${crypto.randomUUID()}.png`)).error).not.toBeNull();
    // Only a file column's folder: another column, another shape, another bucket's name are refused.
    expect((await upload(ops, `public/profiles/display_name/${crypto.randomUUID()}.png`)).error).not.toBeNull();
    expect((await upload(ops, `public/profiles/avatar_url/x/${crypto.randomUUID()}.png`)).error).not.toBeNull();
    // An app user gains nothing there, and keeps their own folder (the app's policies).
    expect((await upload(alice, `public/profiles/avatar_url/${crypto.randomUUID()}.png`)).error).not.toBeNull();
    expect((await upload(alice, `${USERS.alice.sub}/me.png`)).error).toBeNull();
    // Removing needs edit or delete: the viewer's removal reaches nothing, the admin's the file.
    expect((await viewer.storage.from("avatars").remove([path])).data).toEqual([]);
    const removed = await ops.storage.from("avatars").remove([path]);
    expect(removed.data?.map((o) => o.name)).toEqual([path]);
  });

  it("a file column's bucket must exist: set_table_settings refuses another by code, naming the column (install 0006)", async () => {
    const set = await ops.schema("opsdesk").rpc("set_table_settings", {
      schema_name: "public",
      table_name: "profiles",
      settings: { file_columns: { avatar_url: { bucket: "avatarz" } } },
    });
    expect(set.error).toMatchObject({ hint: "OPSDESK_NO_SUCH_BUCKET", details: "avatar_url" });
    // Also when an admin writes the settings row directly (its policy lets admins).
    const direct = await ops
      .schema("opsdesk")
      .from("table_settings")
      .update({ settings: { file_columns: { avatar_url: { bucket: "avatarz" } } } })
      .eq("schema_name", "public")
      .eq("table_name", "profiles");
    expect(direct.error).toMatchObject({ hint: "OPSDESK_NO_SUCH_BUCKET", details: "avatar_url" });
    // The admin's picker lists the project's buckets; nobody else may read them there.
    const buckets = await ops.schema("opsdesk").rpc("storage_buckets");
    expect(buckets.error).toBeNull();
    expect((buckets.data as { id: string }[]).map((b) => b.id)).toContain("avatars");
    expect((await viewer.schema("opsdesk").rpc("storage_buckets")).error).toMatchObject({ hint: "OPSDESK_NOT_ADMIN" });
    // The setting of the test before stays as it was.
    const [{ settings }] = await project.stack.sql<{ settings: Record<string, unknown> }>(
      "select settings from opsdesk.table_settings where schema_name = 'public' and table_name = 'profiles'",
    );
    expect(settings.file_columns).toEqual({ avatar_url: { bucket: "avatars" } });
    // The table carries the queueing trigger; a save that keeps its file columns leaves it be
    // (no exclusive lock on the table for a label).
    const hook = () =>
      project.stack.sql<{ oid: number }>(
        "select oid::int from pg_trigger where tgname = 'opsdesk_file_removals' and tgrelid = 'public.profiles'::regclass",
      );
    const [before] = await hook();
    expect(before).toBeDefined();
    const relabelled = await ops.schema("opsdesk").rpc("set_table_settings", {
      schema_name: "public",
      table_name: "profiles",
      settings: { ...settings, labels: { en: { singular: "Profile" } } },
    });
    expect(relabelled.error).toBeNull();
    expect(await hook()).toEqual([before]);
  });

  it("deleting a record queues its file for removal, a refused delete keeps it, and only Opsdesk's own objects no row names go (install 0006)", async () => {
    const folder = "public/profiles/avatar_url/";
    const pending = async (client: SupabaseClient) => {
      const { data, error } = await client.schema("opsdesk").rpc("file_removals");
      expect(error).toBeNull();
      return (data as { bucket: string; object_name: string }[]).map((r) => `${r.bucket}:${r.object_name}`);
    };
    const setAvatar = async (user: string, avatar: string | null) => {
      const { error } = await ops.from("profiles").update({ avatar_url: avatar }).eq("user_id", user);
      expect(error).toBeNull();
    };
    const exists = async (name: string) => {
      const [{ n }] = await project.stack.sql<{ n: number }>(
        "select count(*)::int as n from storage.objects where bucket_id = 'avatars' and name = $1",
        [name],
      );
      return n === 1;
    };
    const danFile = `${folder}${crypto.randomUUID()}.png`;
    expect((await upload(ops, danFile)).error).toBeNull();
    await setAvatar(USERS.dan.sub, danFile);

    // A delete RLS refuses (the viewer lacks delete) deletes no row and queues nothing.
    const refused = await viewer.from("profiles").delete().eq("user_id", USERS.dan.sub).select();
    expect(refused.data).toEqual([]);
    expect(await pending(ops)).toEqual([]);

    // The admin's delete queues the object; its removal through Storage empties the queue.
    const deleted = await ops.from("profiles").delete().eq("user_id", USERS.dan.sub).select("user_id");
    expect(deleted.data).toHaveLength(1);
    expect(await pending(viewer)).toEqual([]); // the viewer may not remove it
    expect(await pending(ops)).toEqual([`avatars:${danFile}`]);
    expect((await ops.storage.from("avatars").remove([danFile])).data).toHaveLength(1);
    expect(await pending(ops)).toEqual([]);
    const [{ n }] = await project.stack.sql<{ n: number }>("select count(*)::int as n from opsdesk.file_removals");
    expect(n).toBe(0);

    // Replacing a file queues the old one, unless a row names it again; the app's own paths never.
    const first = `${folder}${crypto.randomUUID()}.png`;
    const second = `${folder}${crypto.randomUUID()}.png`;
    for (const file of [first, second]) expect((await upload(ops, file)).error).toBeNull();
    await setAvatar(USERS.alice.sub, first);
    await setAvatar(USERS.alice.sub, second);
    expect(await pending(ops)).toEqual([`avatars:${first}`]);
    await setAvatar(USERS.bob.sub, first);
    expect(await pending(ops)).toEqual([]);
    expect(await exists(first)).toBe(true);
    await setAvatar(USERS.carol.sub, `${USERS.carol.sub}/me.png`);
    await setAvatar(USERS.carol.sub, null);
    expect(await pending(ops)).toEqual([]);
    // Without file columns the table has no trigger: a change queues nothing.
    expect(
      (
        await ops.schema("opsdesk").rpc("set_table_settings", {
          schema_name: "public",
          table_name: "profiles",
          settings: {},
        })
      ).error,
    ).toBeNull();
    await setAvatar(USERS.alice.sub, null);
    const [{ queued }] = await project.stack.sql<{ queued: number }>(
      "select count(*)::int as queued from opsdesk.file_removals",
    );
    expect(queued).toBe(0);
    expect(await exists(second)).toBe(true);
  });
});

describe("keys to stored objects (install 0008)", () => {
  const TEXT = Buffer.from("Signed by both parties.\n");
  const userOf = async (client: SupabaseClient) => {
    const { data } = await client.auth.getUser();
    if (!data.user) throw new Error("no user");
    return data.user.id;
  };

  it("stored_objects answers operators the files storage lets them read, by search or by id; a key to one is written as any column", async () => {
    const opsId = await userOf(ops);
    const alice = await signIn(USERS.alice.email);
    const mine = `${opsId}/nda ${crypto.randomUUID()}.txt`;
    const hers = `${USERS.alice.sub}/lease.txt`;
    const contracts = (client: SupabaseClient) => client.storage.from("contracts");
    expect((await contracts(ops).upload(mine, TEXT, { contentType: "text/plain" })).error).toBeNull();
    expect((await contracts(alice).upload(hers, TEXT, { contentType: "text/plain" })).error).toBeNull();
    const [{ id: mineId }] = await project.stack.sql<{ id: string }>(
      "select id from storage.objects where bucket_id = 'contracts' and name = $1",
      [mine],
    );
    const [{ id: hersId }] = await project.stack.sql<{ id: string }>(
      "select id from storage.objects where bucket_id = 'contracts' and name = $1",
      [hers],
    );

    type Found = { id: string; bucket_id: string; name: string; size: number; mimetype: string }[];
    const found = async (client: SupabaseClient, args: Record<string, unknown>) => {
      const { data, error } = await client.schema("opsdesk").rpc("stored_objects", args);
      expect(error).toBeNull();
      return data as Found;
    };
    // The picker: every word in bucket or path, case-insensitive; Alice's file is hers alone.
    expect(await found(ops, { q: "CONTRACTS nda", bucket: "contracts" })).toEqual([
      {
        id: mineId,
        bucket_id: "contracts",
        name: mine,
        size: TEXT.length,
        mimetype: "text/plain",
        created_at: expect.any(String),
      },
    ]);
    expect(await found(ops, { q: "lease" })).toEqual([]);
    // A list naming both objects learns only of the one the operator may read.
    expect((await found(ops, { ids: [mineId, hersId] })).map((o) => o.id)).toEqual([mineId]);
    // The viewer reads neither folder (storage's policies), and an app user is no operator.
    expect(await found(viewer, { ids: [mineId, hersId] })).toEqual([]);
    const refused = await alice.schema("opsdesk").rpc("stored_objects", { q: "lease" });
    expect(refused.error).toMatchObject({ hint: "OPSDESK_NOT_OPERATOR" });
    const tooLong = await ops.schema("opsdesk").rpc("stored_objects", { q: "x".repeat(201) });
    expect(tooLong.error).toMatchObject({ hint: "OPSDESK_SEARCH_TOO_LONG" });

    // The picker's upload: the buckets, to who may write such a key only (the viewer may not).
    const buckets = await ops.schema("opsdesk").rpc("object_buckets");
    expect(buckets.error).toBeNull();
    expect((buckets.data as { id: string }[]).map((b) => b.id)).toEqual(["avatars", "contracts"]);
    expect((await viewer.schema("opsdesk").rpc("object_buckets")).data).toEqual([]);
    expect((await alice.schema("opsdesk").rpc("object_buckets")).error).toMatchObject({ hint: "OPSDESK_NOT_OPERATOR" });

    // The key is an ordinary column: the admin's contract names the object.
    const made = await ops
      .from("contracts")
      .insert({ title: "NDA", storage_object_id: mineId })
      .select("storage_object_id");
    expect(made.error).toBeNull();
    expect(made.data).toEqual([{ storage_object_id: mineId }]);
  });
});

it("init run again adds nothing, and tells where the install already is", async () => {
  const out = await runCli(["init", "--project-dir", project.dir]);
  expect(out).toContain("Opsdesk is up to date");
  const files = readdirSync(path.join(project.dir, "supabase", "migrations")).filter((f) => f.includes("_opsdesk_"));
  expect(files).toHaveLength(installFiles().length);
});
