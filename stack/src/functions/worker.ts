// One edge function running in its own Deno process on a private loopback port.
// Deno.serve picks the port up from DENO_SERVE_ADDRESS, so handlers run unchanged.
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import type { Logger } from "../shared/log.js";
import { freePort } from "../shared/net.js";
import { type ChildGuard, type ChildRegistry, endWithThisProcess } from "../shared/processes.js";
import type { FunctionSpec } from "./catalog.js";

const BOOT_TIMEOUT_MS = 120_000;
/** How long a worker whose request failed at the socket gets to exit on its own. */
const EXIT_GRACE_MS = 500;

export class BootError extends Error {}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

interface WorkerOptions {
  spec: FunctionSpec;
  deno: string;
  /** The wrapper module that imports the function (see worker-main.ts). */
  main: string;
  env: Record<string, string>;
  log: Logger;
  /** Where the worker's pid is kept until it exits, for the next start to reap. */
  registry: ChildRegistry;
  onExit(worker: DenoWorker): void;
}

export class DenoWorker {
  readonly agent = new http.Agent({ keepAlive: true });
  private child?: ChildProcess;
  private guard?: ChildGuard;
  private booting?: Promise<number>;
  private exited = false;
  private markExited: () => void = () => {};
  /** Settles when the process is gone. */
  private readonly exit = new Promise<void>((resolve) => {
    this.markExited = resolve;
  });

  constructor(private readonly options: WorkerOptions) {}

  /** The port to send requests to, once the function listens. */
  ready(): Promise<number> {
    this.booting ??= this.boot();
    return this.booting;
  }

  private async boot(): Promise<number> {
    const { spec, deno, main, env, log } = this.options;
    const port = await freePort();
    const args = [
      "run",
      "--no-remote", // jsr: and https: imports fail; npm: goes to the npm registry
      "--no-lock", // a deno.lock written into the function folder would restart it
      "--node-modules-dir=none",
      ...(spec.config
        ? spec.config.endsWith(".json") && !/deno\.jsonc?$/.test(spec.config)
          ? ["--no-config", `--import-map=${spec.config}`]
          : [`--config=${spec.config}`]
        : ["--no-config"]),
      "--allow-net",
      "--allow-env",
      "--allow-read",
      "--allow-sys",
      `--allow-write=${os.tmpdir()}`,
      main,
      new URL(`file://${spec.entrypoint}`).href,
    ];
    const stderrTail: string[] = [];
    const child = spawn(deno, args, {
      env: { ...env, DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    if (child.pid) {
      // Ends with the stack, however the stack ends; the next start reaps it otherwise.
      this.guard = endWithThisProcess(child.pid, "KILL");
      this.options.registry.add(child, main);
    }
    const relay = (level: "info" | "warn") => (chunk: Buffer) => {
      for (const line of chunk.toString("utf8").split("\n")) {
        if (!line.trim()) continue;
        log[level](line);
        if (level === "warn") stderrTail.push(line);
        if (stderrTail.length > 20) stderrTail.shift();
      }
    };
    child.stdout?.on("data", relay("info"));
    child.stderr?.on("data", relay("warn"));
    child.once("exit", (code, signal) => {
      this.guard?.release();
      this.exited = true;
      this.markExited();
      this.agent.destroy();
      log.warn(`exited (${signal ?? `code ${code}`})`);
      this.options.onExit(this);
    });
    child.once("error", (err) => log.error("could not start deno", err));

    const deadline = Date.now() + BOOT_TIMEOUT_MS;
    while (!this.exited && Date.now() < deadline) {
      if (await canConnect(port)) return port;
      await new Promise((r) => setTimeout(r, 25));
    }
    this.kill();
    throw new BootError(stderrTail.join("\n") || "function did not start listening");
  }

  /**
   * After a request failed at the socket: a crashing worker may still accept connections
   * for a moment while it exits, so give it a moment to go; one that stays but no longer
   * listens is stuck and is killed. Either way the next request boots a fresh worker
   * instead of meeting the dead port; a worker that stays and listens keeps serving.
   */
  async settleAfterFailure(): Promise<void> {
    if (this.exited || !this.booting) return;
    const port = await this.booting.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, EXIT_GRACE_MS);
    });
    await Promise.race([this.exit, waited]);
    clearTimeout(timer);
    if (this.exited || (port !== undefined && (await canConnect(port)))) return;
    this.kill();
    await this.exit;
  }

  kill(): void {
    if (this.child && !this.exited) this.child.kill("SIGKILL");
  }

  /** Ends the process and waits for it to be gone. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || this.exited) return;
    const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 2000);
    await gone;
    clearTimeout(timer);
  }
}
