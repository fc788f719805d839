// As root, from a checkout in a private folder (mode 0700, as under /root or from
// mktemp -d), the stack starts: Postgres runs as the postgres user, which cannot reach
// anything in there, so the binaries and the cluster go where it can, and the private
// folder stays closed. Where that cannot be done, the error names path, cause and fix.
import type { ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WELL_KNOWN } from "../src/config/index.js";
import { removeCluster } from "../src/db/postgres.js";
import { clusterLocation, SHARED_ROOT, serverUser } from "../src/db/postgres-user.js";
import { freePort } from "../src/shared/net.js";
import { removeDataDir } from "../src/stack.js";
import { launchStack, stderrOf, stopStack, waitHealthy } from "./cli.js";
import { REPO_ROOT } from "./harness.js";

describe.skipIf(process.getuid?.() !== 0 || process.platform !== "linux")("security: root in a private folder", () => {
  const privateDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-private-"));
  const checkout = path.join(privateDir, "repo");
  const project = path.join(checkout, "stack", "test", "fixtures", "basic");
  const clusterLink = path.join(project, ".stack", "db");
  let child: ChildProcess | undefined;

  afterAll(async () => {
    await stopStack(child);
    await removeCluster(clusterLink);
    rmSync(privateDir, { recursive: true, force: true });
  });

  beforeAll(() => {
    expect(statSync(privateDir).mode & 0o777).toBe(0o700);
    // A checkout of our own in there: hard links, so it costs no copy of node_modules.
    mkdirSync(checkout);
    for (const entry of ["package.json", "node_modules", "stack"]) {
      execFileSync("cp", ["-al", path.join(REPO_ROOT, entry), path.join(checkout, entry)]);
    }
    rmSync(path.join(project, ".stack"), { recursive: true, force: true });
  });

  /** Starts the private checkout's stack, checks it serves from its database, stops it. */
  async function startServeStop(extraArgs: string[]): Promise<void> {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    child = launchStack({
      cli: path.join(checkout, "stack", "bin", "opsdesk-stack.js"),
      args: ["--project-dir", project, "--port", String(port), "--db-port", String(await freePort()), ...extraArgs],
    });
    await waitHealthy(url, 150_000);
    const rest = await fetch(`${url}/rest/v1/`, { headers: { apikey: WELL_KNOWN.anonKey } });
    expect(rest.status).toBe(200);
    await stopStack(child);
    expect(child.exitCode, stderrOf(child)).toBe(0);
  }

  it("runs Postgres from binaries the postgres user cannot reach in the checkout", { timeout: 180_000 }, async () => {
    // As `npm test` does: the database outside the checkout, in a folder open to all.
    const openData = mkdtempSync(path.join(os.tmpdir(), "opsdesk-open-data-"));
    chmodSync(openData, 0o755);
    try {
      await startServeStop(["--data-dir", openData]);
      expect(lstatSync(path.join(openData, "db")).isDirectory()).toBe(true);
    } finally {
      await removeDataDir(openData);
    }
    expect(statSync(privateDir).mode & 0o777).toBe(0o700);
  });

  it("keeps the database of a checkout in a 0700 folder where the postgres user reaches it", {
    timeout: 180_000,
  }, async () => {
    await startServeStop([]);
    // The cluster lives under SHARED_ROOT, linked from the data dir; the private folder stayed closed.
    expect(lstatSync(clusterLink).isSymbolicLink()).toBe(true);
    expect(readlinkSync(clusterLink).startsWith(`${SHARED_ROOT}/clusters/`)).toBe(true);
    expect(statSync(privateDir).mode & 0o777).toBe(0o700);
  });

  it("names the path, the cause and the fix when an existing database is out of reach", async () => {
    const user = await serverUser();
    const closed = mkdtempSync(path.join(os.tmpdir(), "opsdesk-closed-"));
    try {
      mkdirSync(path.join(closed, "db"));
      writeFileSync(path.join(closed, "db", "PG_VERSION"), "17\n");
      await expect(clusterLocation(user, path.join(closed, "db"))).rejects.toThrow(
        new RegExp(
          `cannot reach the database in ${closed}/db: ${closed} \\(mode 0700\\) is closed.*chmod o\\+x.*--data-dir`,
        ),
      );
    } finally {
      rmSync(closed, { recursive: true, force: true });
    }
  });
});
