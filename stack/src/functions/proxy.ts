// Forwards one request to a function's Deno server and streams the answer back:
// method, path, headers and body untouched in both directions.
import http from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";

// Per-connection headers belong to each hop, not to the message.
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "upgrade"]);

export function sendJson(reply: FastifyReply, status: number, body: unknown): void {
  reply.raw.writeHead(status, { "content-type": "application/json" });
  reply.raw.end(JSON.stringify(body));
}

export const WORKER_ERROR = {
  code: "WORKER_ERROR",
  message: "Function exited due to an error (please check logs)",
};

export const BOOT_ERROR = { code: "BOOT_ERROR", message: "Worker failed to boot (please check logs)" };

/**
 * Resolves when the response is finished; reports a worker failure before any byte went
 * out as WORKER_ERROR, once `settle` has dealt with the worker.
 */
export function proxyTo(
  req: FastifyRequest,
  reply: FastifyReply,
  target: { port: number; agent: http.Agent; path: string; settle: () => Promise<void> },
): Promise<void> {
  return new Promise((resolve) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
    }
    const upstream = http.request(
      { host: "127.0.0.1", port: target.port, method: req.method, path: target.path, headers, agent: target.agent },
      (res) => {
        const raw: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (!HOP_BY_HOP.has(res.rawHeaders[i].toLowerCase())) raw.push(res.rawHeaders[i], res.rawHeaders[i + 1]);
        }
        reply.raw.writeHead(res.statusCode ?? 502, raw);
        res.pipe(reply.raw);
        res.on("error", () => reply.raw.destroy());
        reply.raw.on("close", resolve);
      },
    );
    upstream.on("error", () => {
      if (reply.raw.headersSent) {
        reply.raw.destroy();
        resolve();
        return;
      }
      void target.settle().finally(() => {
        sendJson(reply, 500, WORKER_ERROR);
        resolve();
      });
    });
    // The client went away: stop the function's side too.
    reply.raw.on("close", () => upstream.destroy());
    req.raw.pipe(upstream);
  });
}
