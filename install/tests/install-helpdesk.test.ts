// Opsdesk installed with the CLI on the Tideline helpdesk fixture, a 2026 project whose tables
// are not exposed by default (docs/any-project.md): app users keep exactly their access,
// operators get exactly the matrix, a table without RLS is granted only on an admin's explicit
// decision, describe() shows each caller only theirs, composite keys work in bulk actions,
// imports and the audit log, and DDL changes the schema version.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installFiles } from "../project.js";
import {
  accessMap,
  as,
  exposeOpsdesk,
  installWithCli,
  type Project,
  probe,
  sqlAs,
  startProject,
  type Who,
} from "./helpers.js";

const MAYA = { sub: "7d000000-0000-4000-8000-000000000001", email: "maya@tideline.test" };
const JONAS = { sub: "7d000000-0000-4000-8000-000000000002", email: "jonas@tideline.test" };
const LEA = { sub: "7d000000-0000-4000-8000-000000000003", email: "lea@tideline.test" };
const PRIYA = { sub: "7d000000-0000-4000-8000-000000000011", email: "priya.shah@example.net" };
const TOM = { sub: "7d000000-0000-4000-8000-000000000012", email: "tom.h@example.org" };
// App users of the portal (agents are app users too until they become operators).
const APP_USERS: Record<string, Who> = { priya: PRIYA, tom: TOM, maya: MAYA, jonas: JONAS, lea: LEA, anon: "anon" };

let project: Project;
let before: Record<string, unknown>;

type Rpc = { rows?: Record<string, unknown>[]; error?: { code: string; hint?: string; message: string } };
const call = async (who: Who, fn: string, args: unknown[] = []): Promise<Rpc> =>
  sqlAs(
    project.stack,
    who,
    `select opsdesk.${fn}(${args.map((_, i) => `$${i + 1}`).join(", ")}) as result`,
    args,
  ) as Promise<Rpc>;
const result = <T>(r: Rpc): T => {
  if (r.error) throw new Error(`${r.error.code} ${r.error.hint}: ${r.error.message}`);
  return (r.rows as { result: T }[])[0].result;
};

beforeAll(async () => {
  project = await startProject("helpdesk");
  before = await accessMap(project.stack, APP_USERS);
  const applied = await installWithCli(project);
  expect(applied).toHaveLength(installFiles().length);
  await exposeOpsdesk(project);
}, 240_000);

afterAll(async () => {
  await project?.stop();
});

describe("app users", () => {
  it("keep exactly the access they had, table by table and operation by operation", async () => {
    // Only the first fails on the old code: there, Opsdesk's grants would reach every signed-in user.
    const after = await accessMap(project.stack, APP_USERS);
    expect(after).toEqual(before);
    // The probe is not blind: the portal's own rules show in it.
    expect(before["public.tickets as priya"]).toMatchObject({ delete: "error 42501" });
    expect((before["public.tickets as priya"] as { select: string }).select).toMatch(/^[1-9]/);
    expect(before["public.agents as maya"]).toMatchObject({ select: "error 42501" });
  }, 120_000);

  it("see nothing of Opsdesk: describe is empty, my_access has no role", async () => {
    const described = result<{ tables: unknown[]; roles: unknown[] }>(await call(PRIYA, "describe"));
    expect(described.tables).toEqual([]);
    expect(described.roles).toEqual([]);
    expect(result<{ role: string | null }>(await call(PRIYA, "my_access")).role).toBeNull();
    const denied = await call(PRIYA, "bulk_write", ["public", "tickets", "delete", JSON.stringify([{ id: 1 }])]);
    expect(denied.error).toMatchObject({ code: "42501", hint: "OPSDESK_NOT_OPERATOR" });
    expect((await call("anon", "describe")).error?.code).toBe("42501");
  });
});

describe("operators", () => {
  beforeAll(async () => {
    const admin = await project.stack.sql<{ id: string }>("select opsdesk.make_admin($1) as id", [MAYA.email]);
    expect(admin[0].id).toBe(MAYA.sub);
    // The admin adds the others through the console's RPC.
    await as(project.stack, MAYA, (c) => c.query("select opsdesk.add_operator($1, 'editor')", [JONAS.email]), true);
    await as(project.stack, MAYA, (c) => c.query("select opsdesk.add_operator($1, 'viewer')", [LEA.email]), true);
  });

  it("get exactly the matrix on every managed table", async () => {
    const managed = await project.stack.sql<{ schema_name: string; table_name: string }>(
      "select schema_name, table_name from opsdesk.managed_tables where schema_name <> 'opsdesk' order by 1, 2",
    );
    expect(managed.map((m) => `${m.schema_name}.${m.table_name}`)).toContain("public.group_agents");
    for (const { schema_name: s, table_name: t } of managed) {
      const [{ n }] = await project.stack.sql<{ n: string }>(`select count(*) as n from "${s}"."${t}"`);
      const admin = await probe(project.stack, MAYA, s, t);
      const editor = await probe(project.stack, JONAS, s, t);
      const viewer = await probe(project.stack, LEA, s, t);
      // Everyone with `list` reads every row.
      for (const p of [admin, editor, viewer]) expect(p.select, `${s}.${t}`).toMatch(new RegExp(`^${n} `));
      // The viewer changes nothing; the editor updates every row but deletes none (a privilege the
      // project never granted refuses them with its error, one it granted reaches no row); the admin
      // deletes (or meets the table's own foreign keys, never a permission error).
      expect(viewer.update, `${s}.${t}`).toMatch(/^(0|error 42501)$/);
      expect(viewer.delete, `${s}.${t}`).toMatch(/^(0|error 42501)$/);
      expect(editor.update, `${s}.${t}`).toBe(n);
      expect(editor.delete, `${s}.${t}`).toMatch(/^(0|error 42501)$/);
      expect(admin.delete, `${s}.${t}`).toMatch(new RegExp(`^(${n}|error 23503)$`));
    }
  }, 120_000);

  it("write tables whose columns and keys are of extension types, audited with those types' own =", async () => {
    // kb.synonyms: a citext key and column; citext's = is in schema extensions, which the audit
    // trigger's empty search_path does not reach (42883 before install 0004).
    const changed = await as(project.stack, JONAS, async (c) => {
      const same = await c.query("update kb.synonyms set replacement = 'SIGN IN' where term = 'login' returning term");
      const other = await c.query("update kb.synonyms set replacement = 'log in' where term = 'LOGIN' returning term");
      expect([same.rows, other.rows]).toEqual([[{ term: "Login" }], [{ term: "Login" }]]);
      const logged = await c.query(
        "select changed from opsdesk.audit_log where schema_name = 'kb' and table_name = 'synonyms' and action = 'UPDATE'",
      );
      return logged.rows;
    });
    // Only a case differs the first time: equal for citext, so no entry.
    expect(changed).toEqual([{ changed: ["replacement"] }]);
  });

  it("lose a right as soon as the admin takes it from their role, in Postgres", async () => {
    await as(
      project.stack,
      MAYA,
      (c) =>
        c.query(
          "delete from opsdesk.permissions where role = 'editor' and schema_name = 'public' and table_name = 'macros' and action = 'edit'",
        ),
      true,
    );
    expect((await probe(project.stack, JONAS, "public", "macros")).update).toBe("error 42501");
    const access = result<{ permissions: Record<string, string[]> }>(await call(JONAS, "my_access"));
    expect(access.permissions["public.macros"]).toEqual(["list", "show", "create", "export", "import"]);
  });

  it("hold no right in a password-only session once they confirmed an authenticator app", async () => {
    await project.stack.sql(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
       values (gen_random_uuid(), $1, 'phone', 'totp', 'verified', now(), now())`,
      [JONAS.sub],
    );
    try {
      const access = result<{ role: string; mfa_ok: boolean; permissions: object }>(await call(JONAS, "my_access"));
      expect(access).toMatchObject({ role: "editor", mfa_ok: false, permissions: {} });
      expect((await probe(project.stack, JONAS, "public", "macros")).select).toBe("error 42501");
      expect((await probe(project.stack, { ...JONAS, aal: "aal2" }, "public", "macros")).select).toMatch(/^3 /);
    } finally {
      await project.stack.sql("delete from auth.mfa_factors where user_id = $1", [JONAS.sub]);
    }
  });

  it("describe() shows each caller only what they may see", async () => {
    const adminView = result<{ tables: { schema: string; name: string; managed: boolean }[]; is_admin: boolean }>(
      await call(MAYA, "describe"),
    );
    const names = adminView.tables.map((t) => `${t.schema}.${t.name}`);
    expect(names).toEqual(expect.arrayContaining(["public.tickets", "kb.articles", "public.business_hours"]));
    expect(adminView.tables.find((t) => t.name === "business_hours")?.managed).toBe(false);
    expect(names).not.toContain("opsdesk.operators");
    await as(
      project.stack,
      MAYA,
      (c) =>
        c.query(
          "delete from opsdesk.permissions where role = 'viewer' and schema_name = 'public' and table_name = 'macros'",
        ),
      true,
    );
    const viewerView = result<{ tables: { schema: string; name: string; permissions: string[] }[] }>(
      await call(LEA, "describe"),
    );
    const viewerNames = viewerView.tables.map((t) => `${t.schema}.${t.name}`);
    expect(viewerNames).toContain("public.tickets");
    expect(viewerNames).not.toContain("public.macros");
    expect(viewerNames).not.toContain("public.business_hours");
    expect(viewerView.tables.find((t) => t.name === "tickets")?.permissions).toEqual(["list", "show", "export"]);
  });

  it("describe() reads the schema: composite, text and date keys, enums in order, arrays, generated columns", async () => {
    const { tables } = result<{ tables: Record<string, unknown>[] }>(await call(MAYA, "describe"));
    const table = (name: string) => tables.find((t) => t.name === name) as Record<string, unknown>;
    expect(table("group_agents").primary_key).toEqual(["group_id", "agent_id"]);
    expect(table("order").primary_key).toEqual(["number"]);
    expect(table("holidays").primary_key).toEqual(["day"]);
    expect(table("open_tickets_by_group")).toMatchObject({ kind: "view", primary_key: null, security_invoker: true });
    const columns = table("tickets").columns as Record<string, unknown>[];
    expect(columns.find((c) => c.name === "priority")).toMatchObject({
      type: 'public."Ticket Priority"',
      category: "enum",
      enum: ["Low", "Normal", "High", "URGENT"],
    });
    expect(columns.find((c) => c.name === "tags")).toMatchObject({ category: "array", element: { category: "text" } });
    expect(columns.find((c) => c.name === "id")).toMatchObject({ identity: "always" });
    const sla = (table("sla_policies").columns as Record<string, unknown>[]).find(
      (c) => c.name === "business_hours_only",
    );
    expect(sla).toMatchObject({ generated: "stored", default: null });
    expect(table("tickets").foreign_keys).toContainEqual({
      name: "tickets_parent_ticket_id_fkey",
      columns: ["parent_ticket_id"],
      references: { schema: "public", table: "tickets", columns: ["id"] },
    });
    expect(table("agents").foreign_keys).toContainEqual(
      expect.objectContaining({ references: { schema: "auth", table: "users", columns: ["id"] } }),
    );
  });
});

describe("table settings and e-mails", () => {
  it("admins write settings (checked against the columns), operators read them in describe, the change is audited", async () => {
    const typo = await call(MAYA, "set_table_settings", [
      "public",
      "tickets",
      JSON.stringify({ title_field: "subjct" }),
    ]);
    expect(typo.error).toMatchObject({ code: "22023", hint: "OPSDESK_BAD_SETTINGS" });
    const settings = { title_field: "subject", hidden: ["custom_fields"], labels: { de: { plural: "Tickets" } } };
    await as(
      project.stack,
      MAYA,
      (c) => c.query("select opsdesk.set_table_settings('public', 'tickets', $1)", [JSON.stringify(settings)]),
      true,
    );
    const seen = result<{ tables: { name: string; settings: unknown }[] }>(await call(LEA, "describe"));
    expect(seen.tables.find((t) => t.name === "tickets")?.settings).toEqual(settings);
    const editor = await call(JONAS, "set_table_settings", ["public", "tickets", "{}"]);
    expect(editor.error).toMatchObject({ code: "42501", hint: "OPSDESK_NOT_ADMIN" });
    const written = await sqlAs(
      project.stack,
      JONAS,
      "update opsdesk.table_settings set settings = '{}' where table_name = 'tickets' returning 1",
    );
    expect(written.rows).toEqual([]);
    const audited = await sqlAs(
      project.stack,
      MAYA,
      "select action from opsdesk.audit_log where schema_name = 'opsdesk' and table_name = 'table_settings'",
    );
    expect(audited.rows).toEqual([{ action: "INSERT" }]);
  });

  it("user_emails answers only for users a table the caller may list refers to", async () => {
    const ids = [JONAS.sub, PRIYA.sub, TOM.sub];
    const emails = await sqlAs(project.stack, LEA, "select * from opsdesk.user_emails($1::uuid[]) order by email", [
      ids,
    ]);
    // Agents and shoppers with a portal login are referred to by agents and "user".
    expect(emails.rows).toEqual([
      { id: JONAS.sub, email: JONAS.email },
      { id: PRIYA.sub, email: PRIYA.email },
      { id: TOM.sub, email: TOM.email },
    ]);
    const outsider = await sqlAs(project.stack, PRIYA, "select * from opsdesk.user_emails($1::uuid[])", [ids]);
    expect(outsider.error).toMatchObject({ code: "42501", hint: "OPSDESK_NOT_OPERATOR" });
    await as(
      project.stack,
      MAYA,
      (c) =>
        c.query(
          "delete from opsdesk.permissions where role = 'viewer' and action = 'list' and table_name in ('user', 'agents', 'ticket_comments')",
        ),
      true,
    );
    const fewer = await sqlAs(project.stack, LEA, "select * from opsdesk.user_emails($1::uuid[])", [ids]);
    expect(fewer.rows).toEqual([]);
  });
});

describe("a table with RLS off", () => {
  it("is not granted unless an admin decides so after seeing what it exposes", async () => {
    const refused = await call(MAYA, "manage_table", ["public", "business_hours"]);
    expect(refused.error).toMatchObject({ code: "55000", hint: "OPSDESK_RLS_OFF" });
    expect((await probe(project.stack, PRIYA, "public", "business_hours")).select).toBe("error 42501");
    const editor = await call(JONAS, "manage_table", ["public", "business_hours", true]);
    expect(editor.error).toMatchObject({ code: "42501", hint: "OPSDESK_NOT_ADMIN" });
    const managed = await as(
      project.stack,
      MAYA,
      (c) => c.query("select opsdesk.manage_table('public', 'business_hours', true) as result"),
      true,
    );
    const done = managed.rows[0].result as { granted: string[]; exposure: { authenticated: string[] } };
    expect(done.granted).toEqual(["select", "insert", "update", "delete"]);
    // Without RLS no policy can fence it: every signed-in user now reads it, as the admin was told.
    expect(done.exposure.authenticated).toEqual(["delete", "insert", "select", "update"]);
    expect((await probe(project.stack, PRIYA, "public", "business_hours")).select).toMatch(/^5 /);
    await as(project.stack, MAYA, (c) => c.query("select opsdesk.unmanage_table('public', 'business_hours')"), true);
    expect((await probe(project.stack, PRIYA, "public", "business_hours")).select).toBe("error 42501");
  });
});

describe("unmanage_table", () => {
  it("takes back only what Opsdesk granted: column grants the project made later stay", async () => {
    await project.stack.sql(
      "create table public.canned_replies (id bigint generated always as identity primary key, title text not null, body text, internal_note text)",
    );
    await project.stack.sql("alter table public.canned_replies enable row level security");
    const managed = await as(
      project.stack,
      MAYA,
      (c) => c.query("select opsdesk.manage_table('public', 'canned_replies') as result"),
      true,
    );
    expect((managed.rows[0].result as { granted: string[] }).granted).toEqual(["select", "insert", "update", "delete"]);
    // Later, the project's own migration lets its app read two columns and edit one.
    await project.stack.sql("grant select (id, title) on public.canned_replies to authenticated");
    await project.stack.sql("grant update (title) on public.canned_replies to authenticated with grant option");
    await as(project.stack, MAYA, (c) => c.query("select opsdesk.unmanage_table('public', 'canned_replies')"), true);
    const [held] = await project.stack.sql(`
      select has_table_privilege('authenticated', 'public.canned_replies', 'select') as table_select,
             has_table_privilege('authenticated', 'public.canned_replies', 'insert') as table_insert,
             array(select a.attname || ':' || x.privilege_type || case when x.is_grantable then '+' else '' end
                   from pg_attribute a cross join lateral aclexplode(a.attacl) x
                   where a.attrelid = 'public.canned_replies'::regclass and a.attnum > 0
                     and x.grantee = 'authenticated'::regrole order by 1) as columns`);
    // Opsdesk's whole-table grants are gone; the project's column grants are as it made them.
    expect(held).toEqual({
      table_select: false,
      table_insert: false,
      columns: ["id:SELECT", "title:SELECT", "title:UPDATE+"],
    });
  });
});

describe("a view", () => {
  it("is granted only on the admin's decision too, and read-only in the matrix", async () => {
    const refused = await call(MAYA, "manage_table", ["public", "open_tickets_by_group"]);
    expect(refused.error).toMatchObject({ code: "55000", hint: "OPSDESK_RLS_OFF" });
    await as(
      project.stack,
      MAYA,
      (c) => c.query("select opsdesk.manage_table('public', 'open_tickets_by_group', true)"),
      true,
    );
    const access = result<{ permissions: Record<string, string[]> }>(await call(JONAS, "my_access"));
    expect(access.permissions["public.open_tickets_by_group"]).toEqual(["list", "show", "export"]);
    expect((await probe(project.stack, LEA, "public", "open_tickets_by_group")).select).toMatch(/^[1-9]/);
  });
});

describe("composite keys", () => {
  it("bulk deletes name rows by their key objects and report the refused ones", async () => {
    const rows = [
      { group_id: 1, agent_id: JONAS.sub },
      { group_id: "3", agent_id: JONAS.sub },
    ];
    const r = result<{ changed: unknown[]; refused: { key: unknown; hint: string }[] }>(
      await call(MAYA, "bulk_write", ["public", "group_agents", "delete", JSON.stringify(rows)]),
    );
    expect(r.changed).toEqual([{ group_id: 1, agent_id: JONAS.sub }]);
    expect(r.refused).toEqual([
      expect.objectContaining({ key: { group_id: 3, agent_id: JONAS.sub }, hint: "OPSDESK_NOT_FOUND" }),
    ]);
  });

  it("imports all or nothing and audits each row under its key", async () => {
    const bad = result<{ committed: boolean; errors: { row: number; constraint: string }[] }>(
      await call(JONAS, "import_rows", [
        "public",
        "ticket_tags",
        JSON.stringify([
          { ticket_id: 1, tag: "vip" },
          { ticket_id: 1, tag: "no-such-tag" },
        ]),
        "{}",
        false,
      ]),
    );
    expect(bad.committed).toBe(false);
    expect(bad.errors).toEqual([expect.objectContaining({ row: 2, constraint: "ticket_tags_tag_fkey" })]);
    const good = await as(
      project.stack,
      JONAS,
      (c) =>
        c.query("select opsdesk.import_rows('public', 'ticket_tags', $1, '{}', false) as result", [
          JSON.stringify([
            { ticket_id: 1, tag: "vip" },
            { ticket_id: 2, tag: "vip" },
          ]),
        ]),
      true,
    );
    expect(good.rows[0].result).toMatchObject({ inserted: 2, committed: true });
    const history = await sqlAs(project.stack, JONAS, "select * from opsdesk.history('public', 'ticket_tags', $1)", [
      JSON.stringify({ ticket_id: "2", tag: "vip" }),
    ]);
    expect(history.rows).toEqual([
      expect.objectContaining({ action: "INSERT", actor_id: JONAS.sub, record_key: { ticket_id: 2, tag: "vip" } }),
    ]);
    // The viewer may show ticket_tags but holds no right on the audit log.
    expect((await sqlAs(project.stack, LEA, "select count(*)::int as n from opsdesk.audit_log")).rows?.[0]).toEqual({
      n: 0,
    });
  });

  it("audits updates whatever the key: a changed key as its two sides, a table without key per row", async () => {
    await as(
      project.stack,
      MAYA,
      (c) => c.query("update public.tags set name = 'refunds' where name = 'refund'"),
      true,
    );
    await as(
      project.stack,
      MAYA,
      (c) => c.query("update kb.article_feedback set helpful = not helpful where session_id = md5('1')"),
      true,
    );
    const entries = await sqlAs(
      project.stack,
      MAYA,
      `select table_name, record_id, old ->> 'name' as old_name, new ->> 'name' as new_name, changed
       from opsdesk.audit_log where action = 'UPDATE' and table_name in ('tags', 'article_feedback')
       order by table_name desc, new_name nulls last`,
    );
    // (The two sides of the renamed tag come from one statement, in no particular order.)
    expect(entries.rows).toEqual([
      {
        table_name: "tags",
        record_id: "refunds",
        old_name: null,
        new_name: "refunds",
        changed: ["description", "name"],
      },
      { table_name: "tags", record_id: "refund", old_name: "refund", new_name: null, changed: ["description", "name"] },
      { table_name: "article_feedback", record_id: null, old_name: null, new_name: null, changed: ["helpful"] },
    ]);
    // The cascade renamed the tag in ticket_tags too: those rows are audited under their new keys.
    const cascaded = await sqlAs(
      project.stack,
      MAYA,
      "select count(*)::int as n from opsdesk.audit_log where table_name = 'ticket_tags' and action = 'UPDATE' and record_key ->> 'tag' = 'refunds'",
    );
    expect(cascaded.rows?.[0].n).toBeGreaterThan(0);
  });

  it("an audit entry is readable only by who may show its table", async () => {
    await as(
      project.stack,
      MAYA,
      (c) => c.query("update public.macros set usage_count = usage_count + 1 where id = 1"),
      true,
    );
    const seen = (who: Who) =>
      sqlAs(project.stack, who, "select count(*)::int as n from opsdesk.audit_log where table_name = 'macros'");
    expect((await seen(MAYA)).rows?.[0]).toEqual({ n: 1 });
    expect((await seen(JONAS)).rows?.[0]).toEqual({ n: 1 });
    await as(
      project.stack,
      MAYA,
      (c) =>
        c.query(
          "delete from opsdesk.permissions where role = 'editor' and schema_name = 'public' and table_name = 'macros' and action = 'show'",
        ),
      true,
    );
    expect((await seen(JONAS)).rows?.[0]).toEqual({ n: 0 });
  });

  it("a record's history is read by who may show the record, unless the table hides the row from them (install 0010)", async () => {
    const history = (who: Who, table: string, key: object) =>
      sqlAs(project.stack, who, "select action, record_key from opsdesk.history('public', $1, $2)", [
        table,
        JSON.stringify(key),
      ]);
    const tagged = { ticket_id: "2", tag: "vip" };
    const entries = { rows: [{ action: "INSERT", record_key: { ticket_id: 2, tag: "vip" } }] };
    // The viewer may show ticket_tags but not open the audit log: the record's entries all the
    // same (before 0010: none, the audit log's policy), and still not the log itself.
    expect(await history(LEA, "ticket_tags", tagged)).toEqual(entries);
    expect((await sqlAs(project.stack, LEA, "select count(*)::int as n from opsdesk.audit_log")).rows?.[0]).toEqual({
      n: 0,
    });
    // A row the project's own restrictive policy hides from them shows no history to them; who
    // may read the audit log still reads it there.
    await project.stack.sql(
      "create policy hide_vip on public.ticket_tags as restrictive for select to authenticated using (tag <> 'vip')",
    );
    try {
      expect(await history(LEA, "ticket_tags", tagged)).toEqual({ rows: [] });
      expect(await history(JONAS, "ticket_tags", tagged)).toEqual(entries);
    } finally {
      await project.stack.sql("drop policy hide_vip on public.ticket_tags");
    }
    // A table the viewer may not show is refused, as is an app user.
    expect((await history(LEA, "macros", { id: 1 })).error).toMatchObject({ code: "42501", hint: "OPSDESK_FORBIDDEN" });
    expect((await history(PRIYA, "ticket_tags", tagged)).error).toMatchObject({
      code: "42501",
      hint: "OPSDESK_NOT_OPERATOR",
    });
  });
});

describe("the schema version", () => {
  it("changes on DDL, and a new table is listed for admins as not managed until managed", async () => {
    const version = result<string>(await call(LEA, "schema_version"));
    await project.stack.sql(
      "create table public.refund_requests (id uuid primary key default gen_random_uuid(), ticket_id bigint references public.tickets (id), amount numeric(10,2) not null)",
    );
    await project.stack.sql("alter table public.refund_requests enable row level security");
    const changed = result<string>(await call(LEA, "schema_version"));
    expect(changed).not.toBe(version);
    const listed = result<{ tables: { name: string; managed: boolean }[] }>(await call(MAYA, "describe"));
    expect(listed.tables.find((t) => t.name === "refund_requests")?.managed).toBe(false);
    await as(project.stack, MAYA, (c) => c.query("select opsdesk.manage_table('public', 'refund_requests')"), true);
    expect((await probe(project.stack, JONAS, "public", "refund_requests")).insert).toBe("error 23502");
    await project.stack.sql("insert into public.refund_requests (ticket_id, amount) values (1, 19.90)");
    expect((await probe(project.stack, PRIYA, "public", "refund_requests")).select).toBe("error 42501");
    expect(result<string>(await call(LEA, "schema_version"))).not.toBe(changed);
  });

  it("still changes with DDL where no event trigger could be made (a catalog fingerprint)", async () => {
    // As an install by a role that may not create event triggers leaves it.
    await project.stack.sql("alter event trigger opsdesk_ddl_watch disable");
    await project.stack.sql("alter event trigger opsdesk_drop_watch disable");
    await project.stack.sql("update opsdesk.state set ddl_watch = false");
    try {
      const version = result<string>(await call(LEA, "schema_version"));
      expect(result<string>(await call(LEA, "schema_version"))).toBe(version);
      await project.stack.sql("alter table public.macros add column archived boolean not null default false");
      expect(result<string>(await call(LEA, "schema_version"))).not.toBe(version);
    } finally {
      await project.stack.sql("alter event trigger opsdesk_ddl_watch enable");
      await project.stack.sql("alter event trigger opsdesk_drop_watch enable");
      await project.stack.sql("update opsdesk.state set ddl_watch = true");
    }
  });
});
