// The world host as a process (`opsdesk-stack worlds`, started by the QA kit, docs/qa.md):
// starts the host and its control API, then writes host.json (address and token, mode
// 0600) into its state folder, which is how the kit finds it. It ends itself once no
// Playwright worker has been attached for `idleMs` (so the next run within that time
// reuses it), on SIGINT/SIGTERM, and with its Postgres however it ends.
import { randomBytes } from "node:crypto";
import { renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Logger } from "../shared/log.js";
import { HOST_FILE, stackVersion } from "./address.js";
import { serveControl } from "./control.js";
import { WorldHost } from "./host.js";
import type { HostAddress } from "./protocol.js";

interface ServeOptions {
  projectDir: string;
  stateDir: string;
  spares: number;
  idleMs: number;
  log: Logger;
}

export async function serveWorldHost(options: ServeOptions): Promise<void> {
  const host = await WorldHost.start({
    projectDir: options.projectDir,
    stateDir: options.stateDir,
    spares: options.spares,
    log: options.log,
    // OPSDESK_WORLDS_SETTLE=0 leaves the seed's queued work to every world (to measure the settle's effect).
    settle: process.env.OPSDESK_WORLDS_SETTLE !== "0",
  });
  const token = randomBytes(24).toString("hex");
  const control = await serveControl(host, token);
  const file = path.join(options.stateDir, HOST_FILE);
  let stopping: Promise<void> | undefined;
  const stop = (code: number) => {
    stopping ??= (async () => {
      rmSync(file, { force: true });
      await control.close().catch(() => {});
      await host.stop().catch((err) => options.log.warn("world host stop", err));
      process.exit(code);
    })();
    return stopping;
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));

  let idleTimer: NodeJS.Timeout | undefined;
  const armIdle = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (control.attached() === 0) void stop(0);
    }, options.idleMs);
  };
  control.onIdle(armIdle);
  // Started by a worker that attaches right away; if none ever does, end anyway.
  armIdle();

  const address: HostAddress = {
    pid: process.pid,
    url: control.url,
    token,
    projectHash: host.projectHash,
    stackVersion: stackVersion(),
  };
  const staging = `${file}.${process.pid}`;
  writeFileSync(staging, JSON.stringify(address), { mode: 0o600 });
  renameSync(staging, file);
  const clock = host.databaseClockUnavailable ? ` (database clock unavailable: ${host.databaseClockUnavailable})` : "";
  process.stdout.write(`world host ready at ${control.url}${clock}\n`);
}
