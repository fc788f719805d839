// As root, Postgres runs as the `postgres` user (it refuses to run as root). That user
// must be able to run the binaries and reach its data directory, which a checkout in a
// private folder (mode 0700: under /root, or from mktemp -d) does not allow. Rather than
// open the owner's folders to everyone, what the server needs goes where that user can
// reach it: the binaries are copied to SHARED_ROOT once per build, and a cluster whose
// folder is out of reach lives there too, `<data-dir>/db` then being a link to it.
import { execFile, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, lstatSync, readlinkSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Root-owned and open to all for reading: the one place the server user surely reaches. */
export const SHARED_ROOT = "/var/lib/opsdesk-stack";

export interface ServerUser {
  uid: number;
  gid: number;
}

export interface PostgresBinaries {
  postgres: string;
  initdb: string;
}

/** The user Postgres runs as: none (ourselves) unless we are root; created when missing. */
export async function serverUser(): Promise<ServerUser | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async () => {
    const [uid, gid] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await ids();
  } catch {
    await run("groupadd", ["postgres"]).catch(() => {}); // the group may exist without the user
    await run("useradd", ["-g", "postgres", "postgres"]);
    return ids();
  }
}

/** Runs `command` as `user` and tells whether it succeeded: the kernel's own answer. */
function succeedsAs(user: ServerUser, command: string, args: string[]): boolean {
  return spawnSync(command, args, { uid: user.uid, gid: user.gid, stdio: "ignore", timeout: 30_000 }).status === 0;
}

/** The first folder on the way to `target` that others may not pass (for messages). */
async function closedFolderAbove(target: string): Promise<string> {
  const folders: string[] = [];
  for (let dir = path.dirname(target); dir !== path.dirname(dir); dir = path.dirname(dir)) folders.unshift(dir);
  for (const dir of folders) {
    const { mode } = await fs.stat(dir);
    if ((mode & 0o001) === 0) return `${dir} (mode ${(mode & 0o777).toString(8).padStart(4, "0")})`;
  }
  return path.dirname(target);
}

/** A folder under SHARED_ROOT, made root-owned and 0755, refused if anyone else could write to it. */
async function sharedFolder(...parts: string[]): Promise<string> {
  let dir = SHARED_ROOT;
  for (const part of ["", ...parts]) {
    dir = part ? path.join(dir, part) : dir;
    await fs.mkdir(dir, { recursive: true, mode: 0o755 });
    const { uid, mode } = await fs.stat(dir);
    if (uid !== 0 || (mode & 0o022) !== 0) {
      throw new Error(`${dir} must belong to root and be writable by root only (it holds what Postgres runs)`);
    }
  }
  return dir;
}

/**
 * Binaries the server user can run: the package's own when it can reach them, else a
 * copy under SHARED_ROOT (made once per Postgres build, checked each time).
 */
export async function reachableBinaries(
  user: ServerUser,
  bins: PostgresBinaries,
  build: string,
): Promise<PostgresBinaries> {
  if (succeedsAs(user, bins.postgres, ["--version"])) return bins;
  const native = path.dirname(path.dirname(bins.postgres)); // <package>/native: bin, lib, share
  const copied = (dir: string) => ({
    postgres: path.join(dir, "bin", path.basename(bins.postgres)),
    initdb: path.join(dir, "bin", path.basename(bins.initdb)),
  });
  let target = path.join(SHARED_ROOT, "postgres", build);
  try {
    target = path.join(await sharedFolder("postgres"), build);
    if (!existsSync(target)) {
      const staging = `${target}.${process.pid}`;
      await fs.rm(staging, { recursive: true, force: true });
      // cp -a keeps the library symlinks and the modes (binaries 0755, data 0644).
      await run("cp", ["-a", native, staging]);
      await run("chmod", ["-R", "go-w,a+rX", staging]);
      await fs.rename(staging, target).catch(async (err) => {
        await fs.rm(staging, { recursive: true, force: true });
        if (!existsSync(target)) throw err; // else a concurrent start made it first
      });
    }
    if (succeedsAs(user, copied(target).postgres, ["--version"])) return copied(target);
    throw new Error("the copy does not run either");
  } catch (err) {
    throw new Error(
      `Postgres runs as the postgres user (the stack runs as root), which cannot run ${bins.postgres}: ` +
        `${await closedFolderAbove(bins.postgres)} is closed to other users, and putting a copy in ${target} ` +
        `failed (${(err as Error).message}). Fix: run the stack as a non-root user, or let other users pass ` +
        `that folder (chmod o+x), or set DATABASE_URL to a Postgres server of your own.`,
    );
  }
}

/** The folder `dir` links to, when it is a link (ours are absolute). */
function linkTarget(dir: string): string | undefined {
  try {
    return lstatSync(dir).isSymbolicLink() ? path.resolve(path.dirname(dir), readlinkSync(dir)) : undefined;
  } catch {
    return undefined;
  }
}

/** Where the cluster of `<dataDir>/db` lives: there, or linked from there to SHARED_ROOT. */
export async function clusterLocation(user: ServerUser | undefined, clusterDir: string): Promise<string> {
  const linked = linkTarget(clusterDir);
  if (linked) return linked;
  const parent = path.dirname(clusterDir);
  await fs.mkdir(parent, { recursive: true });
  if (!user || succeedsAs(user, "sh", ["-c", 'cd "$0"', parent])) return clusterDir;
  if (existsSync(path.join(clusterDir, "PG_VERSION"))) {
    throw new Error(
      `Postgres runs as the postgres user (the stack runs as root), which cannot reach the database in ` +
        `${clusterDir}: ${await closedFolderAbove(clusterDir)} is closed to other users. Fix: let other ` +
        `users pass that folder (chmod o+x), or start with --data-dir in a folder they can reach.`,
    );
  }
  const name = createHash("sha256").update(path.resolve(clusterDir)).digest("hex").slice(0, 16);
  const placed = path.join(await sharedFolder("clusters"), name);
  await fs.rm(clusterDir, { recursive: true, force: true });
  await fs.symlink(placed, clusterDir);
  return placed;
}

/** Deletes the cluster of `<dataDir>/db`, wherever it lives (reset, test clean-up). */
export async function removeCluster(clusterDir: string): Promise<void> {
  const linked = linkTarget(clusterDir);
  if (linked) await fs.rm(linked, { recursive: true, force: true });
  await fs.rm(clusterDir, { recursive: true, force: true });
}
