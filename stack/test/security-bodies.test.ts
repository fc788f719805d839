// Hostile body sizes with nothing but the anon key: five parallel 50 MB bodies, sent
// chunked (no Content-Length to refuse them by), to REST and to an edge function. Each
// gets its service's 413 once its limit passes, and neither the stack process nor the
// function worker (a process of its own, as Postgres) holds the bodies: each grows by less
// than half of the 250 MB they add up to. The stack legitimately reads up to REST's 12 MB
// limit of each body before refusing it (60 MB for five), plus whatever garbage the
// collector has not yet taken back: it grew by 60–102 MB on a 2-core machine.
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WELL_KNOWN } from "../src/config/index.js";
import { freePort } from "../src/shared/net.js";
import { launchStack, processTree, stopStack, waitHealthy } from "./cli.js";
import { cloneTemplateDatabase, FIXTURES } from "./harness.js";

const BODY_BYTES = 50 * 1000 * 1000;
const CHUNK = Buffer.alloc(64 * 1024, "x");
const MB = 1024 * 1024;

function rssBytes(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      total += Number(match?.[1] ?? 0) * 1024;
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

/** POSTs `total` bytes chunked, stopping as soon as the server has answered. */
function postChunked(
  url: string,
  headers: Record<string, string>,
  total: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(url, { method: "POST", headers }, (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => {
        text += c;
      });
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: text });
      });
    });
    req.on("error", (err) => {
      if (!answered) reject(err);
    });
    let sent = 0;
    const pump = () => {
      while (!answered && sent < total) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe("security: hostile body sizes", () => {
  let child: ChildProcess;
  let url: string;
  let port: number;
  let drop: () => Promise<void>;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-bodies-"));
  const anon = { apikey: WELL_KNOWN.anonKey, authorization: `Bearer ${WELL_KNOWN.anonKey}` };

  beforeAll(async () => {
    const database = await cloneTemplateDatabase();
    drop = database.drop;
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = launchStack({
      args: ["--project-dir", path.join(FIXTURES, "security"), "--port", String(port), "--data-dir", dataDir],
      env: { DATABASE_URL: database.url },
    });
    await waitHealthy(url);
  }, 60_000);
  afterAll(async () => {
    await stopStack(child);
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 413 to five parallel 50 MB bodies per service, holding none of them", {
    timeout: 120_000,
  }, async () => {
    expect(existsSync("/proc/self/status"), "needs Linux /proc").toBe(true);
    // Warm up: a REST write, and a function worker booted (its memory is part of the stack).
    const small = await fetch(`${url}/rest/v1/notes`, {
      method: "POST",
      headers: { ...anon, "content-type": "application/json" },
      body: '{"doc":{"ok":true}}',
    });
    expect(small.status).toBe(201);
    const sink = await fetch(`${url}/functions/v1/sink`, { method: "POST", headers: anon, body: "hello" });
    expect(await sink.json()).toEqual({ bytes: 5 });

    const stackPid = child.pid as number;
    const workers = processTree(stackPid).filter((pid) => pid !== stackPid);
    expect(workers.length).toBeGreaterThan(0);
    const baseline = { stack: rssBytes([stackPid]), workers: rssBytes(workers) };
    const peak = { ...baseline };
    const sample = () => {
      peak.stack = Math.max(peak.stack, rssBytes([stackPid]));
      peak.workers = Math.max(peak.workers, rssBytes(workers));
    };
    const sampler = setInterval(sample, 20);
    try {
      const rest = await Promise.all(
        Array.from({ length: 5 }, () =>
          postChunked(`${url}/rest/v1/notes`, { ...anon, "content-type": "application/json" }, BODY_BYTES),
        ),
      );
      const functions = await Promise.all(
        Array.from({ length: 5 }, () => postChunked(`${url}/functions/v1/sink`, anon, BODY_BYTES)),
      );
      for (const res of rest) {
        expect(res.status).toBe(413);
        expect(JSON.parse(res.body)).toMatchObject({ code: "PT413", message: "Payload Too Large" });
      }
      for (const res of functions) {
        expect(res.status).toBe(413);
        expect(JSON.parse(res.body)).toMatchObject({ code: "REQUEST_TOO_LARGE" });
      }
    } finally {
      clearInterval(sampler);
    }
    sample();
    const grew = { stack: (peak.stack - baseline.stack) / MB, workers: (peak.workers - baseline.workers) / MB };
    process.stdout.write(
      `500 MB of hostile bodies: stack ${(baseline.stack / MB).toFixed(0)} MB +${grew.stack.toFixed(1)} MB, ` +
        `function worker ${(baseline.workers / MB).toFixed(0)} MB +${grew.workers.toFixed(1)} MB\n`,
    );
    const half = (5 * BODY_BYTES) / 2 / MB;
    expect(grew.stack).toBeLessThan(half);
    expect(grew.workers).toBeLessThan(half);
    // Still serving.
    expect((await fetch(`${url}/rest/v1/notes?select=id`, { headers: anon })).status).toBe(200);
  });

  it("drains a body refused part-way, so the client reads its 413 and the connection stays usable", {
    timeout: 60_000,
  }, async () => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.setEncoding("latin1").on("data", (text: string) => {
      received += text;
    });
    const until = (pattern: RegExp) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!pattern.test(received)) return;
          socket.off("data", check);
          resolve();
        };
        socket.on("data", check).once("error", reject);
        check();
      });
    const write = (data: string | Buffer) =>
      new Promise<void>((resolve, reject) => socket.write(data, (err) => (err ? reject(err) : resolve())));
    const chunk = `${CHUNK.length.toString(16)}\r\n${CHUNK.toString("latin1")}\r\n`;
    const keys = `apikey: ${anon.apikey}\r\nauthorization: ${anon.authorization}\r\n`;
    await write(
      `POST /rest/v1/notes HTTP/1.1\r\nhost: stack\r\n${keys}content-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`,
    );
    const refused = until(/^HTTP\/1\.1 413 /);
    while (!/^HTTP\/1\.1 413 /.test(received)) await write(chunk);
    await refused;
    // The client goes on sending what it had started: 20 MB more, then the body's end.
    for (let sent = 0; sent < 20 * 1000 * 1000; sent += CHUNK.length) await write(chunk);
    await write("0\r\n\r\n");
    await write(`GET /rest/v1/notes?select=id HTTP/1.1\r\nhost: stack\r\n${keys}\r\n`);
    await until(/HTTP\/1\.1 200 /);
    socket.destroy();
    expect(received.split("\r\n\r\n")[0].toLowerCase()).not.toContain("connection: close");
  });
});
