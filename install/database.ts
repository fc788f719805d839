// Opsdesk against a project's local database (docs/any-project.md): apply the install files
// a database lacks (for `npm start -- --project-dir` on a folder without Opsdesk's
// migrations), and make an auth user an active admin (`add-admin`).
import pg from "pg";
import { installFiles } from "./project.js";

/** Install versions the database has ('0001', …); none when the opsdesk schema is absent. */
export async function installedVersions(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ present: boolean }>(
    "select to_regclass('opsdesk.installed') is not null as present",
  );
  if (!rows[0].present) return [];
  const versions = await client.query<{ version: string }>("select version from opsdesk.installed order by version");
  return versions.rows.map((r) => r.version);
}

/** Applies the install files the database lacks, each in its own transaction; returns their versions. */
export async function applyInstall(databaseUrl: string, files = installFiles()): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "opsdesk-install" });
  await client.connect();
  try {
    const have = new Set(await installedVersions(client));
    const applied: string[] = [];
    for (const file of files) {
      if (have.has(file.version)) continue;
      await client.query("begin");
      try {
        await client.query("set local client_min_messages = warning");
        await client.query(file.sql);
        await client.query("commit");
      } catch (err) {
        await client.query("rollback");
        throw new Error(`Opsdesk install ${file.version}_${file.name}.sql failed: ${(err as Error).message}`);
      }
      applied.push(file.version);
    }
    return applied;
  } finally {
    await client.end();
  }
}

export interface AdminTarget {
  /** The API's URL (http://127.0.0.1:54321). */
  url: string;
  /** The service-role key (it creates the auth user through the Auth admin API). */
  serviceRoleKey: string;
  /** Superuser connection to the database (it runs opsdesk.make_admin). */
  databaseUrl: string;
}

/**
 * Creates the auth user if no user has that e-mail (confirmed, with the password), then makes
 * them an active operator with `role` (admin by default). An existing user keeps their
 * password. Returns the user's id and whether the user was created.
 */
export async function addOperator(
  target: AdminTarget,
  email: string,
  password: string | undefined,
  role = "admin",
): Promise<{ id: string; created: boolean }> {
  const client = new pg.Client({ connectionString: target.databaseUrl, application_name: "opsdesk-add-admin" });
  await client.connect();
  try {
    if ((await installedVersions(client)).length === 0) {
      throw new Error("Opsdesk is not installed in this database: run `npm run opsdesk -- init` and start the stack.");
    }
    const found = await client.query<{ id: string }>("select id from auth.users where lower(email) = lower($1)", [
      email,
    ]);
    let created = false;
    if (found.rows.length === 0) {
      if (!password) throw new Error(`No user has the e-mail ${email}: give --password to create one.`);
      const response = await fetch(`${target.url}/auth/v1/admin/users`, {
        method: "POST",
        headers: {
          apikey: target.serviceRoleKey,
          Authorization: `Bearer ${target.serviceRoleKey}`,
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ email, password, email_confirm: true }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { msg?: string; message?: string };
        throw new Error(`Auth refused to create ${email}: ${body.msg ?? body.message ?? response.status}`);
      }
      created = true;
    }
    const { rows } =
      role === "admin"
        ? await client.query<{ id: string }>("select opsdesk.make_admin($1) as id", [email])
        : await client.query<{ id: string }>("select opsdesk.add_operator($1, $2) as id", [email, role]);
    return { id: rows[0].id, created };
  } finally {
    await client.end();
  }
}

/**
 * The local stack's REST serves `opsdesk` even when the folder's config.toml does not list it
 * yet (a folder without Opsdesk's migrations): PostgREST's in-database setting
 * `pgrst.db_schemas` on the authenticator role, for this database only, overrides
 * `[api] schemas`. Once config.toml lists opsdesk the override is removed again. Either way the
 * list the API serves is recorded in the install (install 0007, `opsdesk.set_api_schemas`), so
 * describe() offers only tables the API can reach (docs/any-project.md, "Which schemas are
 * exposed"); an install older than 0007 keeps its guess.
 */
export async function exposeLocally(databaseUrl: string, configSchemas: string[]): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "opsdesk-install" });
  await client.connect();
  try {
    const listed = configSchemas.includes("opsdesk");
    const served = listed ? configSchemas : [...configSchemas, "opsdesk"];
    // ALTER ROLE takes no parameters: the statement is written by format() with %I / %L.
    const { rows } = await client.query<{ statement: string | null }>(
      `select case
         when $1::text is not null then
           format('alter role authenticator in database %I set pgrst.db_schemas = %L', current_database(), $1::text)
         when exists (select 1 from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
                      where r.rolname = 'authenticator'
                        and s.setdatabase = (select oid from pg_database where datname = current_database())
                        and exists (select 1 from unnest(s.setconfig) c where c like 'pgrst.db_schemas=%opsdesk%')) then
           format('alter role authenticator in database %I reset pgrst.db_schemas', current_database())
       end as statement`,
      [listed ? null : served.join(", ")],
    );
    if (rows[0].statement) await client.query(rows[0].statement);
    // A name that does not exist fails at parse time, so the install's version is asked first.
    const recorder = await client.query<{ present: boolean }>(
      "select to_regprocedure('opsdesk.set_api_schemas(text[])') is not null as present",
    );
    if (recorder.rows[0].present) await client.query("select opsdesk.set_api_schemas($1::text[])", [served]);
    await client.query("notify pgrst, 'reload config'");
    return !listed;
  } finally {
    await client.end();
  }
}
