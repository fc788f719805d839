// The kit's side of the world host (docs/qa.md): finds the host for a project, or starts
// one (`opsdesk-stack worlds`, detached, so every Playwright worker of a run and the next
// run share it), keeps the worker attached to it, and calls its control API.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HOST_FILE, readHostAddress, stackVersion } from "../worlds/address.js";
import type { ErrorBody, HostAddress, WorldInfo } from "../worlds/protocol.js";

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../bin/opsdesk-stack.js");
const START_TIMEOUT_MS = 180_000;
const WAIT_STEP_MS = 50;

/** A control API answer that is not a success, with the host's words. */
export class HostError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface HostClientOptions {
  /** The folder holding `supabase/` (or that folder itself). */
  projectDir: string;
  /** Worlds the host makes ahead (default: this run's worker count). */
  spares: number;
  /** How long the host waits, with no worker attached, before it ends (next runs reuse it until then). */
  idleMs: number;
}

function stateDirFor(projectDir: string): string {
  const uid = process.getuid?.() ?? 0;
  const key = createHash("sha256").update(`${projectDir}\0${BIN}`).digest("hex").slice(0, 16);
  return path.join(os.tmpdir(), `opsdesk-worlds-${uid}`, key);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class HostClient {
  private attachment: http.ClientRequest | undefined;

  private constructor(readonly address: HostAddress) {}

  /** The running host for the project (started if none runs, or one of other sources runs). */
  static async connect(options: HostClientOptions): Promise<HostClient> {
    const projectDir = path.resolve(options.projectDir);
    if (!existsSync(projectDir)) throw new Error(`supabaseProject: ${projectDir} does not exist`);
    const stateDir = stateDirFor(projectDir);
    mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    const version = stackVersion();
    const deadline = performance.now() + START_TIMEOUT_MS;
    for (;;) {
      const running = readHostAddress(stateDir);
      if (running && alive(running.pid)) {
        if (running.stackVersion === version) {
          const client = new HostClient(running);
          if (await client.healthy()) {
            client.attach();
            // The project may have changed since the host started: the host makes its template again.
            await client.call("POST", "/template");
            return client;
          }
        } else {
          // A host of other stack sources: end it, its worlds are not ours to reuse.
          process.kill(running.pid, "SIGTERM");
        }
      }
      if (HostClient.lock(stateDir)) {
        try {
          const address = await HostClient.start(projectDir, stateDir, options, deadline);
          const client = new HostClient(address);
          client.attach();
          return client;
        } finally {
          rmSync(path.join(stateDir, "start.lock"), { force: true });
        }
      }
      if (performance.now() > deadline) throw new Error(`the world host for ${projectDir} did not start in time`);
      await pause(WAIT_STEP_MS); // another worker is starting the host
    }
  }

  /** Takes the start lock (a file holding the starter's pid; a dead starter's lock is taken over). */
  private static lock(stateDir: string): boolean {
    const file = path.join(stateDir, "start.lock");
    try {
      const fd = openSync(file, "wx", 0o600);
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return true;
    } catch {
      const owner = Number(readFileSync(file, "utf8").trim() || "0");
      if (owner && !alive(owner)) rmSync(file, { force: true });
      return false;
    }
  }

  private static async start(
    projectDir: string,
    stateDir: string,
    options: HostClientOptions,
    deadline: number,
  ): Promise<HostAddress> {
    rmSync(path.join(stateDir, HOST_FILE), { force: true });
    const logFile = path.join(stateDir, "host.log");
    const log = openSync(logFile, "w", 0o600);
    const child = spawn(
      process.execPath,
      [
        BIN,
        "worlds",
        "--project-dir",
        projectDir,
        "--state-dir",
        stateDir,
        "--spares",
        String(options.spares),
        "--idle-ms",
        String(options.idleMs),
      ],
      { detached: true, stdio: ["ignore", log, log], env: { ...process.env, STACK_LOG_LEVEL: "warn" } },
    );
    closeSync(log);
    let exited: string | undefined;
    child.once("exit", (code, signal) => {
      exited = signal ?? `code ${code}`;
    });
    child.unref();
    while (performance.now() < deadline) {
      const address = readHostAddress(stateDir);
      if (address && address.pid === child.pid) return address;
      if (exited !== undefined) {
        const output = readFileSync(logFile, "utf8").trim();
        throw new Error(`The project ${projectDir} does not start:\n${output || `the world host exited (${exited})`}`);
      }
      await pause(WAIT_STEP_MS);
    }
    child.kill("SIGTERM");
    throw new Error(
      `the world host for ${projectDir} did not start within ${START_TIMEOUT_MS / 1000} s (log: ${logFile})`,
    );
  }

  private async healthy(): Promise<boolean> {
    try {
      await this.call("GET", "/health");
      return true;
    } catch {
      return false;
    }
  }

  /** Holds a request open for the worker's life: the host ends itself once no worker holds one. */
  private attach(): void {
    const url = new URL("/attach", this.address.url);
    this.attachment = http.get(url, { headers: { authorization: `Bearer ${this.address.token}` }, agent: false });
    this.attachment.on("error", () => {});
    this.attachment.on("socket", (socket) => socket.unref());
  }

  detach(): void {
    this.attachment?.destroy();
  }

  async call<T = unknown>(method: string, route: string, body?: unknown): Promise<T> {
    const response = await fetch(new URL(route, this.address.url), {
      method,
      headers: {
        authorization: `Bearer ${this.address.token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) {
      let error: ErrorBody = { error: "unknown", message: text };
      try {
        error = JSON.parse(text) as ErrorBody;
      } catch {}
      throw new HostError(response.status, error.error, error.message);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }

  createWorld(): Promise<WorldInfo> {
    return this.call<WorldInfo>("POST", "/worlds");
  }

  endWorld(id: string): Promise<void> {
    return this.call("DELETE", `/worlds/${id}`);
  }
}
