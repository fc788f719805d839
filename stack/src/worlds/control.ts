// The world host's control API (docs/qa.md), which the QA kit in each Playwright worker
// calls: make and end worlds, move a world's clock, inject faults, slow its database,
// drop its realtime sockets, hand out sessions. Served on 127.0.0.1 only, and every
// request must carry the host's bearer token (host.json, readable by its owner only).
// `GET /attach` is held open by each worker: the host ends itself once none is attached.
import { timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { MigrationError } from "../db/migrate.js";
import { FaultError } from "./faults.js";
import type { WorldHost } from "./host.js";
import type { ErrorBody } from "./protocol.js";

const BODY_LIMIT = 64 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_ADVANCE_MS = 10 * 365 * 24 * 3600_000;

class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function readJson(req: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        reject(new RequestError(413, "body_too_large", "request body too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (chunks.length === 0) return resolve({});
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch {
        reject(new RequestError(400, "bad_json", "request body is not JSON"));
      }
    });
    req.on("error", reject);
  });
}

function send(res: http.ServerResponse, status: number, body?: unknown): void {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) }).end(text);
}

function authorized(req: http.IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? "";
  const given = Buffer.from(header.startsWith("Bearer ") ? header.slice(7) : "");
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

function numberIn(body: unknown, key: string, max: number): number {
  const value = (body as Record<string, unknown>)[key];
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > max) {
    throw new RequestError(400, "bad_request", `${key} must be a number of milliseconds from 0 to ${max}`);
  }
  return value;
}

interface ControlServer {
  url: string;
  /** Workers attached right now. */
  attached(): number;
  /** Called whenever the number of attached workers drops to zero. */
  onIdle(listener: () => void): void;
  close(): Promise<void>;
}

export async function serveControl(host: WorldHost, token: string): Promise<ControlServer> {
  const attachments = new Set<http.ServerResponse>();
  const idleListeners: (() => void)[] = [];

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://host");
    const parts = url.pathname.split("/").filter(Boolean);
    const method = req.method ?? "GET";

    if (method === "GET" && url.pathname === "/health") {
      return send(res, 200, { projectHash: host.projectHash, worlds: host.size, attached: attachments.size });
    }
    if (method === "GET" && url.pathname === "/attach") {
      attachments.add(res);
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("attached\n");
      res.on("close", () => {
        attachments.delete(res);
        if (attachments.size === 0) for (const listener of idleListeners) listener();
      });
      return;
    }
    if (method === "POST" && url.pathname === "/template") {
      const template = await host.refresh();
      return send(res, 200, { projectHash: template.projectHash, database: template.database });
    }
    if (method === "POST" && url.pathname === "/worlds") {
      const world = await host.createWorld();
      return send(res, 201, world.info());
    }
    if (parts[0] !== "worlds" || !parts[1])
      throw new RequestError(404, "not_found", `no route ${method} ${url.pathname}`);
    const world = host.world(parts[1]);
    if (!world) throw new RequestError(404, "no_such_world", `no world ${parts[1]} (it has ended)`);
    const action = parts.slice(2).join("/");

    if (method === "DELETE" && action === "") {
      host.destroyWorld(world.id);
      return send(res, 202);
    }
    if (method === "GET" && action === "") return send(res, 200, world.info());
    if (method === "POST" && action === "clock") {
      const body = await readJson(req);
      return send(res, 200, await world.advanceClock(numberIn(body, "advanceMs", MAX_ADVANCE_MS)));
    }
    if (method === "POST" && action === "faults") {
      world.faults.add(await readJson(req));
      return send(res, 204);
    }
    if (method === "DELETE" && action === "faults") {
      world.faults.clear();
      await world.slowDatabase(0).catch(() => {});
      return send(res, 204);
    }
    if (method === "POST" && action === "database-delay") {
      const body = await readJson(req);
      await world.slowDatabase(numberIn(body, "delayMs", 600_000));
      return send(res, 204);
    }
    if (method === "POST" && action === "realtime/drop") {
      return send(res, 200, { dropped: world.dropRealtime() });
    }
    if (method === "POST" && action === "sessions") {
      const { userId } = (await readJson(req)) as { userId?: unknown };
      if (typeof userId !== "string" || !UUID.test(userId))
        throw new RequestError(400, "bad_request", "userId must be a user's id");
      return send(res, 200, await world.session(userId));
    }
    throw new RequestError(404, "not_found", `no route ${method} ${url.pathname}`);
  }

  const server = http.createServer((req, res) => {
    if (!authorized(req, token)) return send(res, 401, { error: "unauthorized", message: "bad or missing token" });
    route(req, res).catch((err: unknown) => {
      const body: ErrorBody =
        err instanceof RequestError
          ? { error: err.code, message: err.message }
          : err instanceof FaultError
            ? { error: "bad_fault", message: err.message }
            : err instanceof MigrationError
              ? { error: "project_does_not_start", message: err.message }
              : { error: "internal", message: (err as Error).message ?? String(err) };
      const status = err instanceof RequestError ? err.status : err instanceof FaultError ? 400 : 500;
      if (!res.headersSent) send(res, status, body);
      else res.destroy();
    });
  });
  // Long waits (a clock advance running cron jobs) must not be cut by Node's defaults.
  server.requestTimeout = 0;
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    attached: () => attachments.size,
    onIdle: (listener) => idleListeners.push(listener),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of attachments) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
