// The entry point start-up calls for the extensions that need native code (pgvector,
// http, plv8; see docs/extensions-native.md). It installs their control files and
// scripts where the server looks for extensions, starts the bridge their C code talks
// to, and builds the C libraries a project needs before its migrations run: those the
// migrations or seeds create and those already in the database. Nothing is compiled
// for a project that uses none of them; a `create extension` from elsewhere (psql,
// Studio) asks the bridge to build its library on the spot.
import { existsSync, readFileSync, statSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import type { Logger } from "../../../shared/log.js";
import { startBridge } from "./bridge/server.js";
import {
  buildLibrary,
  installLibrary,
  type LibrarySpec,
  NATIVE_DIR,
  removeStaleLibrary,
  type ServerInfo,
} from "./build.js";
import { extensionsCreatedBy, NATIVE_EXTENSIONS, type NativeExtension, nativeExtension } from "./catalog.js";
import { NativeUnavailable, unavailableMessage } from "./errors.js";
import { httpHandler } from "./http/handler.js";
import { plv8Handler } from "./plv8/handler.js";

export interface NativeExtensions {
  /** The bridge's socket (the `*.bridge_socket` settings point there). */
  socketPath: string;
  /** The extensions whose libraries start-up made ready (the project creates or has them). */
  prepared: string[];
  /** Builds and installs one extension's library (tests, and `create extension` from elsewhere). */
  ensure(name: string): Promise<void>;
  /** Builds and installs a library of the stack's own (the QA worlds' opsdesk_world, docs/qa.md). */
  ensureLibrary(spec: LibrarySpec): Promise<void>;
  /** The server's data directory, when the stack may write into it (its own embedded server). */
  dataDirectory: string | null;
  /** As root: the server's OS user, who must own what the stack writes for it. */
  owner: { uid: number; gid: number } | undefined;
  close(): Promise<void>;
}

interface NativeOptions {
  /** Superuser URL of the project's database. */
  url: string;
  /** The project's migration and seed files, read for `create extension`. */
  projectSql: string[];
  log: Logger;
}

const BUILD_TRIGGER = "opsdesk-native-build.mjs";

async function serverInfo(client: pg.Client): Promise<{ info: ServerInfo; database: string; dataDir: string } | null> {
  try {
    const { rows } = await client.query<Record<string, string>>(
      `select current_setting('server_version_num') as num, current_setting('server_version') as version,
              current_database() as database, current_setting('data_directory') as data_dir,
              (select setting from pg_config() where name = 'PKGLIBDIR') as pkglibdir,
              (select setting from pg_config() where name = 'SHAREDIR') as sharedir,
              (select setting from pg_config() where name = 'BINDIR') as bindir`,
    );
    const r = rows[0];
    return {
      info: {
        major: Math.floor(Number(r.num) / 10000),
        version: r.version.split(" ")[0],
        pkglibdir: r.pkglibdir,
        sharedir: r.sharedir,
        bindir: r.bindir,
      },
      database: r.database,
      dataDir: r.data_dir,
    };
  } catch {
    return null; // not a superuser: nothing can be installed from here
  }
}

/** The server's files are on this machine and ours to write (embedded, or a local server of ours). */
async function installable(info: ServerInfo): Promise<boolean> {
  try {
    await fs.access(path.join(info.sharedir, "extension"), fs.constants.W_OK);
    await fs.access(info.pkglibdir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** A shell word in single quotes; refused when it cannot be one safely. */
function shellQuoted(word: string): string | null {
  // Inside single quotes only a quote (or a control character) could end the word.
  const unsafe = [...word].some((c) => c === "'" || c === "\\" || c.charCodeAt(0) < 0x20);
  return unsafe ? null : `'${word}'`;
}

/**
 * The install script: a prelude that, when the library is missing, asks the stack's
 * bridge to build it (COPY TO PROGRAM runs the trigger as the server's user) or fails
 * saying why, then the extension's own script.
 */
function installScript(ext: NativeExtension, info: ServerInfo): string {
  const trigger = shellQuoted(path.join(info.sharedir, "extension", BUILD_TRIGGER));
  const node = shellQuoted(process.execPath);
  const command = node && trigger ? `${node} ${trigger}` : null;
  const notServed = `extension "${ext.name}" needs its C library (${ext.name}.so), which the Opsdesk stack compiles on first use, and this database is not served by a running stack`;
  const prelude = `-- Added by the Opsdesk stack (db/extensions/native/index.ts): builds the C library on first use.
DO $opsdesk_native$
DECLARE
  library text := (SELECT setting FROM pg_catalog.pg_config() WHERE name = 'PKGLIBDIR') || '/${ext.name}.so';
  socket text := pg_catalog.current_setting('opsdesk.bridge_socket', true);
  failure text;
BEGIN
  IF (pg_catalog.pg_stat_file(library, true)).size IS NOT NULL THEN
    RETURN;
  END IF;
  IF ${command ? "false" : "true"} OR socket IS NULL OR socket !~ '^/[A-Za-z0-9._/-]+/s$' THEN
    RAISE EXCEPTION USING ERRCODE = 'feature_not_supported', MESSAGE = '${notServed}',
      HINT = 'Start the stack (npm run stack) and run the statement again, or create the extension in a migration.';
  END IF;
  BEGIN
    EXECUTE pg_catalog.format('COPY (SELECT 1) TO PROGRAM %L', ${command ? `'${command.replaceAll("'", "''")} ''' || socket || ''' ${ext.name}'` : "''"});
  EXCEPTION WHEN OTHERS THEN
    -- The four-argument form: pg_read_file(text, boolean) is PostgreSQL 16's.
    failure := pg_catalog.pg_read_file(pg_catalog.regexp_replace(socket, '/s$', '/${ext.name}.error'), 0, 65536, true);
    RAISE EXCEPTION USING ERRCODE = 'feature_not_supported',
      MESSAGE = coalesce(failure, '${notServed.replace("and this database is not served by a running stack", "and asking the stack to build it failed: ")}' || SQLERRM);
  END;
END
$opsdesk_native$;

`;
  return prelude + readFileSync(path.join(NATIVE_DIR, ext.script), "utf8");
}

async function writeIfChanged(file: string, text: string): Promise<void> {
  if (existsSync(file) && readFileSync(file, "utf8") === text) return;
  const staging = `${file}.${process.pid}.tmp`;
  await fs.writeFile(staging, text, { mode: 0o644 });
  await fs.rename(staging, file);
}

async function installFiles(info: ServerInfo): Promise<void> {
  const dir = path.join(info.sharedir, "extension");
  for (const ext of NATIVE_EXTENSIONS) await removeStaleLibrary(ext, info);
  await writeIfChanged(
    path.join(dir, BUILD_TRIGGER),
    readFileSync(path.join(NATIVE_DIR, "bridge", "build-trigger.mjs"), "utf8"),
  );
  for (const ext of NATIVE_EXTENSIONS) {
    await writeIfChanged(
      path.join(dir, `${ext.name}.control`),
      readFileSync(path.join(NATIVE_DIR, ext.control), "utf8"),
    );
    await writeIfChanged(path.join(dir, path.basename(ext.script)), installScript(ext, info));
  }
}

export async function startNativeExtensions(options: NativeOptions): Promise<NativeExtensions> {
  const log = options.log.child("native");
  const client = new pg.Client({ connectionString: options.url, application_name: "opsdesk-stack-native" });
  await client.connect();
  try {
    const server = await serverInfo(client);
    const local = server !== null && (await installable(server.info));
    // As root the server runs as another user (db/postgres-user), which must reach the socket.
    const owner =
      process.getuid?.() === 0 && server && existsSync(server.dataDir)
        ? { uid: statSync(server.dataDir).uid, gid: statSync(server.dataDir).gid }
        : undefined;
    const builds = new Map<string, Promise<void>>();
    const ensureLibrary = (ext: LibrarySpec): Promise<void> => {
      if (!server || !local) {
        return Promise.reject(
          new NativeUnavailable(
            "the database server is not on this machine, or its extension folders are not writable by the stack",
            "use the stack's embedded PostgreSQL (unset DATABASE_URL)",
          ),
        );
      }
      let pending = builds.get(ext.name);
      if (!pending) {
        pending = buildLibrary(ext, server.info, log).then((built) => installLibrary(ext, built, server.info));
        pending.catch(() => builds.delete(ext.name));
        builds.set(ext.name, pending);
      }
      return pending;
    };
    const ensure = (name: string): Promise<void> => {
      const ext = nativeExtension(name);
      if (!ext) return Promise.reject(new Error(`"${name}" is not one of the stack's native extensions`));
      return ensureLibrary(ext);
    };
    let bridgeDir = "";
    const bridge = await startBridge(
      {
        B: async (frame, connection) => {
          const name = frame.fields[0]?.toString("utf8") ?? "";
          const errorFile = path.join(bridgeDir, `${name}.error`);
          try {
            await ensure(name);
            await fs.rm(errorFile, { force: true });
            connection.send("k", []);
          } catch (err) {
            const message = unavailableMessage(name, err);
            log.warn(message);
            if (nativeExtension(name)) await fs.writeFile(errorFile, message, { mode: 0o644 });
            connection.send("e", ["0A000", message, null, null]);
          }
        },
        H: httpHandler(log),
        P: plv8Handler(log),
      },
      owner,
      log,
    );
    bridgeDir = bridge.dir;
    const prepared: string[] = [];
    try {
      if (server) {
        for (const setting of ["opsdesk.bridge_socket", "http.bridge_socket", "plv8.bridge_socket"]) {
          const { rows } = await client.query<{ statement: string }>(
            "select pg_catalog.format('alter database %I set %s = %L', current_database(), $1::text, $2::text) as statement",
            [setting, bridge.socketPath],
          );
          await client.query(rows[0].statement);
        }
      }
      if (server && local) {
        await installFiles(server.info);
        const { rows } = await client.query<{ extname: string }>(
          "select extname from pg_extension where extname = any($1::text[])",
          [NATIVE_EXTENSIONS.map((e) => e.name)],
        );
        const needed = new Set([...rows.map((r) => r.extname), ...options.projectSql.flatMap(extensionsCreatedBy)]);
        for (const name of needed) {
          await ensure(name).then(
            () => prepared.push(name),
            (err) => log.warn(unavailableMessage(name, err)),
          );
        }
      } else if (options.projectSql.flatMap(extensionsCreatedBy).length > 0) {
        log.warn(
          "the project creates extensions that need the stack's C libraries (vector, http, plv8), which can be installed only into the stack's embedded PostgreSQL",
        );
      }
    } catch (err) {
      await bridge.close();
      throw err;
    }
    return {
      socketPath: bridge.socketPath,
      prepared,
      ensure,
      ensureLibrary,
      dataDirectory: server && local ? server.dataDir : null,
      owner,
      close: () => bridge.close(),
    };
  } finally {
    await client.end();
  }
}
