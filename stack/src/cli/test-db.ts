// `opsdesk-stack test db [path …]`: the project's pgTAP tests, run as `supabase test db`
// runs them (docs/test-db.md): pgTAP is created in `extensions` if the database lacks
// it (and dropped again afterwards), then pg_prove runs every .sql and .pg file under
// the given paths (default supabase/tests, recursively, in name order), each through
// psql, printing TAP's summary; the exit status is pg_prove's. pgTAP's SQL and pg_prove
// are Debian's (postgresql-15-pgtap, libtap-parser-sourcehandler-pgtap-perl): when the
// machine lacks them, root on Debian installs them, anyone else is told what to run.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { PLACEHOLDER_VERSION } from "../db/extension-registry.js";
import { installExtensionFiles, systemExtensionFiles } from "../db/extensions.js";

const PGTAP_PACKAGES = ["postgresql-15-pgtap", "libtap-parser-sourcehandler-pgtap-perl"];
const ENABLE_PGTAP = "create extension if not exists pgtap with schema extensions";
const DISABLE_PGTAP = "drop extension if exists pgtap";

interface TestDbOptions {
  /** The folder holding supabase/ (relative paths are read from it). */
  projectDir: string;
  /** The database to test (the running stack's). */
  dbUrl: string;
  /** Files or folders; default supabase/tests. */
  paths?: string[];
  /** pg_prove --verbose: every test line, not only the summary. */
  verbose?: boolean;
  out?: NodeJS.WritableStream;
  err?: NodeJS.WritableStream;
}

/** A failure before any test ran, with what to do; the CLI prints it and exits 1. */
export class TestDbError extends Error {}

function onPath(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

/** Root on Debian installs what is missing, as .ci/run does; anyone else gets the command to run. */
function ensurePackages(err: NodeJS.WritableStream, missing: string): void {
  const install = `apt-get install -y ${PGTAP_PACKAGES.join(" ")}`;
  const canInstall = process.getuid?.() === 0 && existsSync("/etc/debian_version") && onPath("apt-get");
  if (!canInstall) {
    throw new TestDbError(
      `${missing} is not installed on this machine. pgTAP tests need Debian's pgTAP and pg_prove:\n` +
        `  sudo ${install}\nthen run the command again (docs/test-db.md).`,
    );
  }
  err.write(`${missing} is missing: running \`${install}\`…\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  let result = spawnSync("apt-get", ["install", "-y", "-qq", ...PGTAP_PACKAGES], { stdio: "ignore", env });
  if (result.status !== 0) {
    spawnSync("apt-get", ["update", "-qq"], { stdio: "ignore", env });
    result = spawnSync("apt-get", ["install", "-y", "-qq", ...PGTAP_PACKAGES], { stdio: "ignore", env });
  }
  if (result.status !== 0) throw new TestDbError(`\`${install}\` failed (exit ${result.status}); run it by hand.`);
}

/** pgTAP available to the server: Debian's files copied into its extension folder when they are not. */
async function ensurePgtap(client: pg.Client, err: NodeJS.WritableStream): Promise<void> {
  const available = async () => {
    const { rows } = await client.query<{ version: string }>(
      "select default_version as version from pg_available_extensions where name = 'pgtap'",
    );
    return rows.length > 0 && rows[0].version !== PLACEHOLDER_VERSION;
  };
  if (await available()) return;
  if (systemExtensionFiles("pgtap").length === 0) ensurePackages(err, "pgTAP (postgresql-15-pgtap)");
  const { rows } = await client.query<{ dir: string }>(
    "select setting || '/extension' as dir from pg_config where name = 'SHAREDIR'",
  );
  try {
    installExtensionFiles(rows[0].dir);
  } catch (cause) {
    throw new TestDbError(
      `cannot copy pgTAP into the server's extension folder ${rows[0].dir} (${(cause as Error).message}); ` +
        "restart the stack, which copies it at start",
    );
  }
  if (!(await available())) throw new TestDbError("pgTAP is still not available to the database after installing it");
}

/** Runs the tests; resolves to pg_prove's exit status. */
export async function runDbTests(options: TestDbOptions): Promise<number> {
  const out = options.out ?? process.stdout;
  const err = options.err ?? process.stderr;
  const supabaseTests = path.join(options.projectDir, "supabase", "tests");
  const paths = (options.paths?.length ? options.paths : [supabaseTests]).map((p) =>
    path.resolve(options.projectDir, p),
  );
  for (const p of paths) if (!existsSync(p)) throw new TestDbError(`${p} does not exist`);
  if (!onPath("pg_prove") || !onPath("psql")) ensurePackages(err, "pg_prove");

  const client = new pg.Client({ connectionString: options.dbUrl, application_name: "opsdesk-stack-test-db" });
  await client.connect();
  let created = true;
  client.on("notice", (notice) => {
    if (notice.code === "42710") created = false; // "extension pgtap already exists, skipping"
  });
  try {
    await ensurePgtap(client, err);
    await client.query(ENABLE_PGTAP);
    const url = new URL(options.dbUrl);
    const args = ["--ext", ".pg", "--ext", ".sql", "-r", ...(options.verbose ? ["--verbose"] : []), ...paths];
    const first = paths[0];
    const cwd = path.extname(first) ? path.dirname(first) : first;
    return await new Promise<number>((resolve, reject) => {
      const child = spawn("pg_prove", args, {
        cwd,
        env: {
          ...process.env,
          PGHOST: url.hostname,
          PGPORT: url.port || "5432",
          PGUSER: decodeURIComponent(url.username),
          PGPASSWORD: decodeURIComponent(url.password),
          PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(err, { end: false });
      child.on("error", reject);
      child.on("close", (code) => resolve(code ?? 1));
    });
  } finally {
    if (created)
      await client.query(DISABLE_PGTAP).catch((e: Error) => err.write(`failed to disable pgTAP: ${e.message}\n`));
    await client.end();
  }
}
