// Every extension Supabase's Postgres image ships, and what `create extension` does with
// it on the stack (docs/extensions.md is this table in prose). The installer
// (db/extensions.ts) reads it: the stack's own SQL implementations are copied into
// embedded Postgres' extension folder, Debian's pgTAP is taken from the machine when
// installed, and for every extension that cannot be created here a placeholder is
// written whose script fails with the extension's name, why, and what to do — so a
// project's migration stops on a sentence, never on a bare "is not available".

type ExtensionState =
  /** Ships with the embedded Postgres (contrib): Postgres' own code. */
  | "postgres"
  /** The stack's own implementation of the extension's SQL interface (db/extensions/). */
  | "stack"
  /** Native code built for the stack when the machine can (db/extensions/native/, another branch's work). */
  | "native"
  /** Taken from the machine's Debian package when installed (never committed). */
  | "system"
  /** Cannot be created here: `create extension` fails with `why` and `todo`. */
  | "unavailable";

interface ExtensionEntry {
  name: string;
  /** Where Supabase puts it: the schema of `create extension … with schema`, or the one it fixes itself. */
  schema: string;
  state: ExtensionState;
  /** What works and what does not (stack, native, system), or why it cannot work (unavailable). */
  why: string;
  /** What a project can do instead; shown when it cannot be created. */
  todo?: string;
  /** Why it cannot be created when its files are absent (native and system extensions). */
  missing?: string;
}

const CONTRIB = [
  "amcheck",
  "autoinc",
  "bloom",
  "btree_gin",
  "btree_gist",
  "citext",
  "cube",
  "dblink",
  "dict_int",
  "dict_xsyn",
  "earthdistance",
  "file_fdw",
  "fuzzystrmatch",
  "hstore",
  "insert_username",
  "intagg",
  "intarray",
  "isn",
  "lo",
  "ltree",
  "moddatetime",
  "pageinspect",
  "pg_buffercache",
  "pg_freespacemap",
  "pg_prewarm",
  "pg_stat_statements",
  "pg_surgery",
  "pg_trgm",
  "pg_visibility",
  "pg_walinspect",
  "pgcrypto",
  "pgrowlocks",
  "pgstattuple",
  "postgres_fdw",
  "refint",
  "seg",
  "sslinfo",
  "tablefunc",
  "tcn",
  "tsm_system_rows",
  "tsm_system_time",
  "unaccent",
  "uuid-ossp",
  "xml2",
];

// Verified (docs/extensions.md, "PostGIS"): the stack runs against a PostgreSQL 15 that has
// Debian's PostGIS, and a real postgis there is kept; its placeholder is written only
// where the server lacks it, so the message holds for the embedded server and for that one.
const POSTGIS_TODO =
  "run this project against a PostgreSQL 15 with PostGIS through DATABASE_URL (apt-get install postgresql-15 " +
  'postgresql-15-postgis-3; docs/extensions.md, "PostGIS"), or keep geometry in plain columns (numeric lat/lng, ' +
  "jsonb GeoJSON) for local work";
const POSTGIS_WHY =
  "this PostgreSQL server has no PostGIS: it is native code with GEOS/PROJ/GDAL, which the stack's embedded " +
  "PostgreSQL 17 cannot load (Debian packages PostGIS only for PostgreSQL 15)";
const NATIVE_WHY = "native code built for the stack's PostgreSQL 17 where the machine can compile it";
const NATIVE_MISSING = "it is native code, and no build of it for this stack's PostgreSQL 17 was found";

export const EXTENSIONS: ExtensionEntry[] = [
  ...CONTRIB.map(
    (name): ExtensionEntry => ({
      name,
      schema: "extensions",
      state: "postgres",
      why: "ships with PostgreSQL (contrib)",
    }),
  ),
  { name: "plpgsql", schema: "pg_catalog", state: "postgres", why: "built into PostgreSQL" },
  {
    name: "pg_net",
    schema: "extensions",
    state: "stack",
    why: "the stack's SQL interface; the stack's worker sends the queued requests (docs/vectors.md)",
  },
  {
    name: "pg_cron",
    schema: "pg_catalog",
    state: "stack",
    why: "the stack's SQL interface; the stack's scheduler runs the jobs (docs/vectors.md)",
  },
  {
    name: "supabase_vault",
    schema: "vault",
    state: "stack",
    why: "installed with the base as on hosted projects: vault.secrets, vault.decrypted_secrets, create_secret, update_secret; secrets are stored unencrypted in the local data directory",
  },
  {
    name: "pgjwt",
    schema: "extensions",
    state: "stack",
    why: "sign, verify, url_encode, url_decode, algorithm_sign with HS256/HS384/HS512, in SQL over pgcrypto",
  },
  {
    name: "pg_hashids",
    schema: "extensions",
    state: "stack",
    why: "id_encode and id_decode (salt, minimum length, alphabet) in plpgsql",
  },
  {
    name: "pg_jsonschema",
    schema: "extensions",
    state: "stack",
    why: "json(b)_matches_schema, jsonschema_is_valid, jsonschema_validation_errors in plpgsql: draft 2020-12 keywords except $dynamicRef, formats date, date-time, time, email, uuid, ipv4, uri",
  },
  {
    name: "pgmq",
    schema: "pgmq",
    state: "stack",
    why: "queues in plain tables: create, send, send_batch, read, read_with_poll, pop, archive, delete, set_vt, purge_queue, drop_queue, metrics, list_queues; unlogged and partitioned queues are plain queues",
  },
  {
    name: "pg_graphql",
    schema: "graphql",
    state: "stack",
    why: "graphql.resolve answers collection queries (filter, orderBy, first/last/after/before, totalCount, pageInfo, node, __typename) and schema introspection in plpgsql; mutations and nested relations answer with an error that says so",
  },
  {
    name: "index_advisor",
    schema: "extensions",
    state: "stack",
    why: "index_advisor(query) builds candidate indexes for real inside a rolled-back subtransaction instead of hypopg's hypothetical ones: same answer, but each table is locked against writes while it runs",
  },
  {
    name: "pgsodium",
    schema: "pgsodium",
    state: "stack",
    why: "the schema, its key table and create_key, randombytes_*, crypto_secretbox_keygen and crypto_aead_det_keygen; the libsodium ciphers themselves need native code and fail with a message naming the function",
    todo: "use supabase_vault for secrets and pgcrypto for encryption",
  },
  {
    name: "wrappers",
    schema: "extensions",
    state: "stack",
    why: "the extension can be created (wrappers_fdw_stats); its foreign data wrappers are native code (Rust) and `create foreign data wrapper` fails with a message",
    todo: "read the remote service from an edge function, or stub the foreign tables with local tables",
  },
  {
    name: "vector",
    schema: "extensions",
    state: "native",
    why: NATIVE_WHY,
    missing: NATIVE_MISSING,
    todo: "use the stack's vector buckets (storage.vectors, docs/vectors.md), or build the native extensions",
  },
  {
    name: "http",
    schema: "extensions",
    state: "native",
    why: NATIVE_WHY,
    missing: NATIVE_MISSING,
    todo: "use pg_net (net.http_get/http_post), which the stack provides, or build the native extensions",
  },
  {
    name: "plv8",
    schema: "pg_catalog",
    state: "native",
    why: NATIVE_WHY,
    missing: NATIVE_MISSING,
    todo: "rewrite the function in plpgsql, or build the native extensions",
  },
  {
    name: "pgtap",
    schema: "extensions",
    state: "system",
    why: "pgTAP's SQL is Debian's (postgresql-15-pgtap), copied from the machine when installed",
    missing: "pgTAP's SQL comes from Debian's postgresql-15-pgtap, which is not installed on this machine",
    todo: "apt-get install postgresql-15-pgtap (`opsdesk-stack test db` installs it itself when run as root on Debian)",
  },
  {
    name: "hypopg",
    schema: "extensions",
    state: "unavailable",
    why: "hypothetical indexes live in the planner's hooks, native code the embedded PostgreSQL cannot load",
    todo: "use index_advisor(query), which the stack provides without hypopg",
  },
  {
    name: "pg_stat_monitor",
    schema: "extensions",
    state: "stack",
    why: "the pg_stat_monitor view and pg_stat_monitor_reset() over pg_stat_statements (preloaded, as on hosted projects): one bucket, no histograms, plans or client addresses",
  },
  ...["postgis", "postgis_raster", "postgis_sfcgal", "postgis_tiger_geocoder", "postgis_topology"].map(
    (name): ExtensionEntry => ({
      name,
      schema: "extensions",
      state: "unavailable",
      why: POSTGIS_WHY,
      todo: POSTGIS_TODO,
    }),
  ),
  ...["address_standardizer", "address_standardizer_data_us"].map(
    (name): ExtensionEntry => ({
      name,
      schema: "extensions",
      state: "unavailable",
      why: "part of the PostGIS family, which this PostgreSQL server does not have (the embedded PostgreSQL 17 cannot load it)",
      todo: POSTGIS_TODO,
    }),
  ),
  {
    name: "pgrouting",
    schema: "extensions",
    state: "unavailable",
    why: "pgRouting is native code over PostGIS, which this PostgreSQL server does not have (the embedded PostgreSQL 17 cannot load it)",
    todo:
      "run this project against a PostgreSQL 15 with PostGIS and pgRouting through DATABASE_URL (apt-get install " +
      'postgresql-15-postgis-3 postgresql-15-pgrouting; docs/extensions.md, "PostGIS")',
  },
  ...[
    ["pgroonga", "full-text search engine (Groonga), native code"],
    ["pgroonga_database", "PGroonga's database helpers, native code"],
    ["rum", "an index access method, native code"],
    ["timescaledb", "native code, and Supabase ships it only for PostgreSQL 15"],
    ["pg_repack", "native code with a client program"],
    ["pgaudit", "native code loaded at server start (shared_preload_libraries)"],
    ["pg_tle", "native code loaded at server start (shared_preload_libraries)"],
    ["plpgsql_check", "native code"],
    ["plcoffee", "part of plv8 (native code, deprecated by Supabase)"],
    ["plls", "part of plv8 (native code, deprecated by Supabase)"],
    ["pljava", "needs a Java runtime inside Postgres"],
    ["pg_partman", "its maintenance worker is native code"],
    ["orioledb", "a storage engine that needs a patched PostgreSQL"],
  ].map(
    ([name, why]): ExtensionEntry => ({
      name,
      schema: "extensions",
      state: "unavailable",
      why,
      todo: "leave it out of local migrations (guard it with `if exists (select from pg_available_extensions …)`), or point the stack at a Postgres that has it through DATABASE_URL",
    }),
  ),
];

/** The first line of a placeholder control file: a real file (a native build) never starts with it. */
export const PLACEHOLDER_MARK = "# opsdesk-stack placeholder: this extension cannot be created here";
export const PLACEHOLDER_VERSION = "unavailable";

function sqlLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * The control file and script of an extension that cannot be created here: its script
 * raises 0A000 (feature_not_supported) naming it, why and what to do.
 */
export function placeholderFiles(entry: ExtensionEntry): { control: string; script: string } {
  const reason = entry.state === "unavailable" ? entry.why : (entry.missing ?? entry.why);
  const message = `extension "${entry.name}" cannot be created on the local stack: ${reason}`;
  const control = [
    PLACEHOLDER_MARK,
    `comment = ${sqlLiteral(`not available on the local stack: ${reason}`)}`,
    `default_version = '${PLACEHOLDER_VERSION}'`,
    "relocatable = true",
    "",
  ].join("\n");
  const script = [
    `-- ${PLACEHOLDER_MARK} (docs/extensions.md)`,
    "do $placeholder$ begin",
    `  raise exception using errcode = 'feature_not_supported', message = ${sqlLiteral(message)},`,
    `    hint = ${sqlLiteral(entry.todo ?? "see docs/extensions.md")};`,
    "end $placeholder$;",
    "",
  ].join("\n");
  return { control, script };
}
