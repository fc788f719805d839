// A project's template for QA worlds (docs/qa.md): one database migrated and seeded once,
// its configured buckets made, its REST schema cache loaded, then closed to connections
// so worlds can be cloned from it (`CREATE DATABASE … TEMPLATE … STRATEGY FILE_COPY`).
// The hash of the project's files names it: a changed migration, seed or config.toml
// makes a new template, and worlds made from the old one keep working until they end.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { StackConfig } from "../config/index.js";
import { listMigrations, listSeedFiles } from "../db/migrate.js";
import { loadSchemaCache, type SchemaCache } from "../rest/schema/index.js";
import { loadSettings } from "../rest/schema/settings.js";
import type { Logger } from "../shared/log.js";
import { quoteIdent } from "../shared/sql.js";
import { prepareDatabase } from "../stack.js";
import { upsertConfiguredBucket } from "../storage/queries.js";

interface DatabaseSetting {
  name: string;
  value: string;
}

export interface Template {
  /** The database worlds are cloned from. */
  database: string;
  projectHash: string;
  /** The REST schema cache of the template's catalog (a clone's catalog is the same). */
  schemaCache: SchemaCache;
  /** `alter database … set` of the template (bridge sockets); CREATE DATABASE does not copy them. */
  settings: DatabaseSetting[];
  /** Milliseconds the migrations and seeds took. */
  preparedInMs: number;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** Hash of what a world is made from: config.toml, migrations, seeds and bucket seed folders. */
export function projectHash(config: StackConfig): string {
  const hash = createHash("sha256");
  const files = [
    path.join(config.supabaseDir, "config.toml"),
    ...listMigrations(config).map((m) => m.file),
    ...listSeedFiles(config),
  ];
  for (const file of files) {
    if (!existsSync(file)) continue;
    hash.update(file).update("\0").update(readFileSync(file)).update("\0");
  }
  for (const bucket of Object.values(config.storage.buckets)) {
    if (!bucket.objects_path) continue;
    for (const file of filesUnder(path.resolve(config.supabaseDir, bucket.objects_path))) {
      const { size, mtimeMs } = statSync(file);
      hash.update(file).update(`\0${size}\0${mtimeMs}\0`);
    }
  }
  return hash.digest("hex").slice(0, 16);
}

/** The connection URL of `database` on the server at `serverUrl` (the template's and every world's). */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The `alter database … set` settings a database has (its clones must be given them again). */
async function databaseSettings(admin: pg.ClientBase, database: string): Promise<DatabaseSetting[]> {
  const { rows } = await admin.query<DatabaseSetting>(
    `select split_part(s, '=', 1) as name, substr(s, strpos(s, '=') + 1) as value
     from pg_db_role_setting d, unnest(d.setconfig) s
     where d.setdatabase = (select oid from pg_database where datname = $1) and d.setrole = 0`,
    [database],
  );
  return rows;
}

/**
 * Makes the template database `tpl_<hash>` on the server: base, migrations, seeds (a
 * failing file throws MigrationError with its file and line), configured buckets.
 * `beforePrepare` runs once the database exists (the native extensions' bridge settings),
 * `beforeFreeze` once it is seeded (the host settles its queued work there).
 */
export async function buildTemplate(options: {
  serverUrl: string;
  config: StackConfig;
  log: Logger;
  beforePrepare(url: string): Promise<void>;
  /** Runs once the template is prepared, before it is closed to connections (settle.ts). */
  beforeFreeze?(url: string, schemaCache: SchemaCache): Promise<void>;
}): Promise<Template> {
  const { serverUrl, config, log } = options;
  const hash = projectHash(config);
  const database = `tpl_${hash}`;
  const admin = new pg.Client({ connectionString: serverUrl, application_name: "opsdesk-worlds-template" });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${quoteIdent(database)} with (force)`);
    await admin.query(`create database ${quoteIdent(database)}`);
    const url = databaseUrl(serverUrl, database);
    const started = performance.now();
    try {
      await options.beforePrepare(url);
      await prepareDatabase(url, config, log);
    } catch (err) {
      await admin.query(`drop database if exists ${quoteIdent(database)} with (force)`).catch(() => {});
      throw err;
    }
    const preparedInMs = performance.now() - started;
    const client = new pg.Pool({ connectionString: url, max: 1, application_name: "opsdesk-worlds-template" });
    let schemaCache: SchemaCache;
    try {
      for (const [id, bucket] of Object.entries(config.storage.buckets)) {
        await upsertConfiguredBucket(client, id, {
          public: bucket.public,
          file_size_limit: bucket.file_size_limit ?? null,
          allowed_mime_types: bucket.allowed_mime_types?.length ? bucket.allowed_mime_types : null,
        });
      }
      const settings = await loadSettings(client, config.api);
      schemaCache = await loadSchemaCache(client, settings.schemas, settings, 1);
    } finally {
      await client.end();
    }
    try {
      await options.beforeFreeze?.(url, schemaCache);
    } catch (err) {
      await admin.query(`drop database if exists ${quoteIdent(database)} with (force)`).catch(() => {});
      throw err;
    }
    // A template must have no connections while it is copied: none may open from now on.
    await admin.query(`alter database ${quoteIdent(database)} with is_template true allow_connections false`);
    return {
      database,
      projectHash: hash,
      schemaCache,
      settings: await databaseSettings(admin, database),
      preparedInMs,
    };
  } finally {
    await admin.end();
  }
}

export async function dropTemplate(serverUrl: string, template: Template): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl, application_name: "opsdesk-worlds-template" });
  await admin.connect();
  try {
    await admin.query(`alter database ${quoteIdent(template.database)} with is_template false`);
    await admin.query(`drop database if exists ${quoteIdent(template.database)} with (force)`);
  } finally {
    await admin.end();
  }
}
