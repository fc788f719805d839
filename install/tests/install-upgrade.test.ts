// An Opsdesk upgrade on a project that runs an older release (docs/any-project.md, "Upgrades"):
// the Tideline helpdesk fixture installed with the first release's file only and used (an admin,
// an operator, a table setting, an audited write), then `init` of this release adds exactly the
// newer install files as new migrations, which apply on that database as `supabase db push`
// applies them, keeping what was there; init a third time adds nothing.
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { OperatorListEntry } from "../../src/resources/describe.types.js";
import { applyMigrations } from "../../stack/src/db/migrate.js";
import { createLogger } from "../../stack/src/shared/log.js";
import { addOperator } from "../database.js";
import { initProject, installFiles } from "../project.js";
import { exposeOpsdesk, type Project, runCli, sqlAs, startProject } from "./helpers.js";

let project: Project;
const opsdeskMigrations = () =>
  readdirSync(path.join(project.dir, "supabase", "migrations"))
    .filter((f) => f.includes("_opsdesk_"))
    .sort();

/**
 * The folder's new migrations applied to the running database, as `supabase db push` does, and
 * the API's schema cache reloaded before the next request (the DDL watch's NOTIFY does that on
 * its own, a moment later).
 */
async function push(): Promise<string[]> {
  const client = await project.stack.ctx.db.admin.connect();
  try {
    return await applyMigrations(client, { ...project.stack.config }, createLogger("upgrade-test"));
  } finally {
    client.release();
    await project.stack.ctx.hooks.reloadSchema();
  }
}

const target = () => ({
  url: project.stack.url,
  databaseUrl: project.stack.dbUrl,
  serviceRoleKey: project.stack.keys.serviceRole,
});

beforeAll(async () => {
  project = await startProject("helpdesk");
  // The first release: install 0001 alone, as init of that release wrote it.
  const [first] = installFiles();
  expect(initProject(project.dir, { files: [first] }).written).toHaveLength(1);
  expect(await push()).toHaveLength(1);
  await exposeOpsdesk(project);
  await addOperator(target(), "maya@tideline.test", undefined, "admin");
  await addOperator(target(), "jonas@tideline.test", undefined, "editor");
  await project.stack.sql(
    `select set_config('request.jwt.claims', json_build_object('sub', user_id, 'role', 'authenticated')::text, true),
            opsdesk.set_table_settings('public', 'tickets', '{"title_field": "subject"}')
     from opsdesk.operators where email = 'maya@tideline.test'`,
  );
  // A table whose app users may insert two columns only (the key, the author and the time stay
  // the database's), created after the install and managed by the first release.
  await project.stack.sql(`
    create table public.shopper_notes (
      id bigint generated always as identity primary key,
      author uuid not null default auth.uid(),
      body text not null,
      topic text,
      created_at timestamptz not null default now());
    alter table public.shopper_notes enable row level security;
    create policy "own notes" on public.shopper_notes for all to authenticated
      using (author = auth.uid()) with check (author = auth.uid());
    grant select, delete on public.shopper_notes to authenticated;
    grant insert (body, topic), update (body, topic) on public.shopper_notes to authenticated;
    select opsdesk.manage_table('public', 'shopper_notes');`);
}, 240_000);

afterAll(async () => {
  await project?.stop();
});

const PRIYA = { sub: "7d000000-0000-4000-8000-000000000011", email: "priya.shah@example.net" } as const;
const MAYA = { sub: "7d000000-0000-4000-8000-000000000001", email: "maya@tideline.test" } as const;
const note = (who: typeof PRIYA | typeof MAYA) =>
  sqlAs(project.stack, who, "insert into public.shopper_notes (body) values ('Where is my parcel?') returning author");

it("init of a newer release adds exactly the upgrade files, which apply on the older install's database", async () => {
  const upgrades = installFiles().slice(1);
  expect(upgrades.length).toBeGreaterThan(0);
  // The first release read the column grants as no insert at all: it granted the whole table
  // and fenced it for operators only, so the app's own inserts failed (repaired by 0005).
  expect((await note(PRIYA)).error).toMatchObject({
    code: "42501",
    message: "permission denied for table shopper_notes",
  });
  const before = opsdeskMigrations();
  const out = await runCli(["init", "--project-dir", project.dir]);
  expect(out).toContain(`Wrote ${upgrades.length} migration`);
  const added = opsdeskMigrations().filter((f) => !before.includes(f));
  expect(added.map((f) => /_opsdesk_(\d{4})_/.exec(f)?.[1])).toEqual(upgrades.map((f) => f.version));
  // The first release's file is left exactly as it was.
  expect(opsdeskMigrations().filter((f) => before.includes(f))).toEqual(before);

  expect(await push()).toHaveLength(upgrades.length);
  const installed = await project.stack.sql<{ version: string }>("select version from opsdesk.installed order by 1");
  expect(installed.map((r) => r.version)).toEqual(installFiles().map((f) => f.version));

  // What the older install held is still there, and the upgraded functions answer through the API.
  const [settings] = await project.stack.sql<{ settings: { title_field: string } }>(
    "select settings from opsdesk.table_settings where schema_name = 'public' and table_name = 'tickets'",
  );
  expect(settings.settings.title_field).toBe("subject");
  const { data, error } = await project.stack.anon().auth.signInWithPassword({
    email: "maya@tideline.test",
    password: "tideline-dev",
  });
  if (error) throw error;
  const maya = project.stack.asUser(data.session.access_token);
  const list = await maya.schema("opsdesk").rpc("operator_list");
  expect(list.error).toBeNull();
  expect((list.data as OperatorListEntry[]).find((r) => r.email === "jonas@tideline.test")).toMatchObject({
    role: "editor",
    opsdesk_invited: false,
    email_confirmed_at: expect.any(String),
  });
}, 120_000);

it("a privilege the project grants on some columns stays the project's: the upgrade gives the app its inserts back (install 0005)", async () => {
  // After the upgrade (the test above): no whole-table grant, no fence; the app user inserts
  // the columns the project grants, and so does an operator, by the matrix.
  expect(await note(PRIYA)).toEqual({ rows: [{ author: PRIYA.sub }] });
  expect(await note(MAYA)).toEqual({ rows: [{ author: MAYA.sub }] });
  const insertAll = await sqlAs(
    project.stack,
    MAYA,
    `insert into public.shopper_notes (author, body) values ('${MAYA.sub}', 'x')`,
  );
  expect(insertAll.error?.code).toBe("42501");
  const [managed] = await project.stack.sql<{ granted: string[]; policies: string[] }>(
    `select m.granted, array(select policyname::text from pg_policies p
                             where p.schemaname = 'public' and p.tablename = 'shopper_notes' order by 1) as policies
     from opsdesk.managed_tables m where m.table_name = 'shopper_notes'`,
  );
  expect(managed.granted).toEqual([]);
  expect(managed.policies).not.toContain("opsdesk: operators only insert");
  expect(managed.policies).toContain("opsdesk: operators insert");
  // Managing it again (as an admin's Tables screen does) keeps it so.
  await project.stack.sql("select opsdesk.manage_table('public', 'shopper_notes')");
  expect(await note(PRIYA)).toEqual({ rows: [{ author: PRIYA.sub }] });
});

it("init again adds nothing", async () => {
  const before = opsdeskMigrations();
  expect(await runCli(["init", "--project-dir", project.dir])).toContain("Opsdesk is up to date");
  expect(opsdeskMigrations()).toEqual(before);
  expect(await push()).toEqual([]);
});
