// Forwards one request to a function's Deno server and streams the answer back:
// method, path, headers and body untouched in both directions. The body is counted
// as it streams: past FUNCTIONS_BODY_LIMIT the function's side is cut off and the
// client gets 413 (before a byte moves when Content-Length already says so).
import http from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { FUNCTION_ERRORS, FUNCTIONS_BODY_LIMIT, sendJson } from "./errors.js";

// Per-connection headers belong to each hop, not to the message.
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "upgrade"]);

/**
 * Resolves when the response is finished; reports a worker failure before any byte went
 * out as WORKER_ERROR, once `settle` has dealt with the worker.
 */
export function proxyTo(
  req: FastifyRequest,
  reply: FastifyReply,
  target: { port: number; agent: http.Agent; path: string; settle: () => Promise<void> },
): Promise<void> {
  if (Number(req.headers["content-length"]) > FUNCTIONS_BODY_LIMIT) {
    refuseTooLarge(req, reply);
    return Promise.resolve();
  }
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
    let cutOff = false;
    upstream.on("error", () => {
      if (cutOff) return; // our own doing: the 413 is on its way
      if (reply.raw.headersSent) {
        reply.raw.destroy();
        resolve();
        return;
      }
      void target.settle().finally(() => {
        sendJson(reply, 500, FUNCTION_ERRORS.workerError);
        resolve();
      });
    });
    // The client went away: stop the function's side too.
    reply.raw.on("close", () => upstream.destroy());
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= FUNCTIONS_BODY_LIMIT) return;
      cutOff = true;
      req.raw.off("data", count);
      req.raw.unpipe(upstream);
      upstream.destroy();
      if (!reply.raw.headersSent) refuseTooLarge(req, reply);
      resolve();
    };
    req.raw.on("data", count);
    req.raw.pipe(upstream);
  });
}

/** 413 now; the rest of the body is read and dropped so the client sees the answer. */
function refuseTooLarge(req: FastifyRequest, reply: FastifyReply): void {
  sendJson(reply, 413, FUNCTION_ERRORS.requestTooLarge);
  req.raw.resume();
}
