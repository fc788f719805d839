// One port for every service, doing what Kong does in the Supabase CLI stack: maps
// new-style API keys to the JWTs, answers CORS as Kong's cors plugin does, and routes
// by prefix. Like the CLI's Kong it has no key-auth: a request without an API key goes
// on as anon; `requireApiKey` adds hosted Supabase's check instead.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { effectiveAuthorization, isKnownKey, isSecretKey } from "./api-keys.js";
import type { Service, StackContext } from "./context.js";
import { ServiceError } from "./shared/errors.js";
import { requestFaultOf } from "./shared/request-faults.js";

export interface GatewayOptions {
  /** Refuse requests that carry no API key (401), as hosted Supabase does; unknown keys are refused either way. */
  requireApiKey: boolean;
  /** Origins allowed by CORS; empty means any (`*`), as the CLI's Kong answers. */
  corsOrigins: string[];
  /**
   * Runs first on every request (a QA world's injected faults, docs/qa.md): it may delay,
   * answer (the request goes no further) or drop the connection.
   */
  beforeRequest?: (req: FastifyRequest, reply: FastifyReply, service: Service | undefined) => Promise<void>;
}

/**
 * The options from what the caller passed, else the environment: STACK_REQUIRE_API_KEY
 * (1 or true) and STACK_CORS_ORIGINS (comma-separated).
 */
export function gatewayOptions(given: Partial<GatewayOptions>, env: NodeJS.ProcessEnv = process.env): GatewayOptions {
  const listed = env.STACK_CORS_ORIGINS?.split(",").map((origin) => origin.trim()) ?? [];
  return {
    requireApiKey: given.requireApiKey ?? ["1", "true"].includes(env.STACK_REQUIRE_API_KEY ?? ""),
    corsOrigins: (given.corsOrigins ?? listed).filter(Boolean),
  };
}

/** Headers browsers must be able to read (the expose lists PostgREST and GoTrue send through Kong). */
const EXPOSED_HEADERS = [
  "Content-Range",
  "Range-Unit",
  "Content-Location",
  "Location",
  "Preference-Applied",
  "X-Total-Count",
  "Link",
  "X-Supabase-Api-Version",
  "Content-Profile",
  "ETag",
  "Content-Disposition",
].join(", ");

/** Kong's cors plugin's default preflight answer (the CLI configures none). */
const PREFLIGHT_METHODS = "GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT";

function apiKeyOf(req: FastifyRequest): string | undefined {
  const header = req.headers.apikey;
  if (typeof header === "string" && header) return header;
  const q = req.url.indexOf("?");
  if (q < 0) return undefined;
  return new URLSearchParams(req.url.slice(q + 1)).get("apikey") ?? undefined;
}

/** `scheme://host[:port]` of an Origin, default ports dropped, as Kong compares them. */
function normalizeOrigin(origin: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    return origin;
  }
}

/**
 * The Access-Control-Allow-Origin to send: `*` without an allow-list (never with
 * credentials: `*` cannot carry them), else the caller's origin when listed.
 */
function allowOrigin(origin: string | undefined, allowList: string[]): string | undefined {
  if (allowList.length === 0) return "*";
  if (!origin) return undefined;
  const normalized = normalizeOrigin(origin);
  return allowList.some((allowed) => normalizeOrigin(allowed) === normalized) ? normalized : undefined;
}

function setCors(req: FastifyRequest, reply: FastifyReply, allowList: string[], expose: boolean): void {
  const origin = allowOrigin(req.headers.origin, allowList);
  if (expose) {
    if (allowList.length) reply.header("vary", "Origin");
    if (!origin) return;
    reply.header("access-control-allow-origin", origin);
    reply.header("access-control-expose-headers", EXPOSED_HEADERS);
    return;
  }
  overrideAllowOrigin(reply.raw, origin, allowList.length > 0);
}

const ALLOW_ORIGIN = "access-control-allow-origin";

/**
 * Kong's cors plugin sets Access-Control-Allow-Origin on the answer after the upstream
 * has written it (header_filter), replacing the upstream's own value, or clearing it for
 * an origin off the allow-list. A service that writes its answer itself (a proxied edge
 * function) bypasses Fastify's headers, so this is done where every answer's head is
 * written: headers passed to writeHead would win over setHeader's, so the service's
 * Access-Control-Allow-Origin is dropped from them first.
 */
function overrideAllowOrigin(raw: ServerResponse, origin: string | undefined, varies: boolean): void {
  const writeHead = raw.writeHead;
  raw.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    const at = rest.findIndex((arg) => typeof arg === "object" && arg !== null);
    if (at >= 0) rest[at] = withoutAllowOrigin(rest[at] as OutgoingHttpHeaders | string[]);
    if (origin) this.setHeader(ALLOW_ORIGIN, origin);
    else this.removeHeader(ALLOW_ORIGIN);
    if (varies) this.appendHeader("vary", "Origin");
    return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
  } as ServerResponse["writeHead"];
}

function withoutAllowOrigin(headers: OutgoingHttpHeaders | string[]): OutgoingHttpHeaders | string[] {
  if (Array.isArray(headers)) {
    const kept: string[] = [];
    for (let i = 0; i < headers.length; i += 2) {
      if (headers[i].toLowerCase() !== ALLOW_ORIGIN) kept.push(headers[i], headers[i + 1]);
    }
    return kept;
  }
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== ALLOW_ORIGIN));
}

function isPreflight(req: FastifyRequest): boolean {
  return req.method === "OPTIONS" && !!req.headers.origin && !!req.headers["access-control-request-method"];
}

/** A fault with no owning service (or one that words none) gets a bare message. */
function sendFault(services: Service[], err: unknown, req: FastifyRequest, reply: FastifyReply): boolean {
  const fault = requestFaultOf(err);
  if (!fault) return false;
  const worded = serviceOf(services, req.url)?.frameworkError?.(fault, req);
  if (worded) reply.code(worded.status).headers(worded.headers).send(worded.body);
  else reply.code(fault.statusCode).send({ message: fault.message });
  return true;
}

/** How long a refused body may go on arriving before its connection is cut (nginx's lingering_time). */
const LINGER_MS = 30_000;

/**
 * Fastify answers a body it refuses part-way (over the limit) with Connection: close,
 * and closing a socket with unread data in it sends a reset that can destroy the answer
 * before the client has read it: the client sees EPIPE instead of its 413. So the rest
 * of the body is read and dropped (a "lingering close"), for LINGER_MS at most.
 */
function lingerOverUnreadBody(req: FastifyRequest, reply: FastifyReply): void {
  reply.removeHeader("connection");
  const cut = setTimeout(() => req.raw.socket.destroy(), LINGER_MS).unref();
  req.raw.once("end", () => clearTimeout(cut)).once("close", () => clearTimeout(cut));
  req.raw.resume();
}

function serviceOf(services: Service[], url: string): Service | undefined {
  return services.find(({ prefix }) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`));
}

export async function buildGateway(
  ctx: StackContext,
  services: Service[],
  options: GatewayOptions,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    // Fastify's default (1 MiB); a service that takes larger bodies sets its own limit.
    bodyLimit: 1024 * 1024,
    // Storage object keys and REST paths are matched by the services themselves.
    routerOptions: { maxParamLength: 8192, ignoreDuplicateSlashes: false },
    // A URL the router cannot even decode gets the owning service's error shape.
    frameworkErrors: (err, req, reply) => {
      if (!sendFault(services, err, req, reply as FastifyReply)) (reply as FastifyReply).code(400).send();
    },
  });

  app.addHook("onRequest", async (req, reply) => {
    const service = serviceOf(services, req.url);
    if (!service) return;
    if (service.cors !== "none") {
      setCors(req, reply, options.corsOrigins, service.cors !== "kong");
      if (isPreflight(req)) {
        const requested = req.headers["access-control-request-headers"];
        if (requested) reply.header("access-control-allow-headers", requested);
        return reply.header("access-control-allow-methods", PREFLIGHT_METHODS).code(200).send();
      }
    }
    if (options.beforeRequest) {
      // After CORS, so a browser can read an injected failure as it would the service's own.
      await options.beforeRequest(req, reply, service);
      if (reply.sent || req.raw.destroyed) return reply;
    }
    const rest = req.url.slice(service.prefix.length).split("?")[0] || "/";
    const apikey = apiKeyOf(req);
    const open = service.isOpen?.(rest, req.method) ?? false;
    // Answered here, not thrown: this is the gateway's reply, not the service's error.
    if (!open && !apikey && options.requireApiKey) {
      return reply.code(401).send({
        message: "No API key found in request",
        hint: "No `apikey` request header or url param was found.",
      });
    }
    if (!open && apikey && !(await isKnownKey(apikey, ctx.keys, ctx.jwt))) {
      return reply.code(401).send({
        message: "Invalid API key",
        hint: "Double check your Supabase `anon` or `service_role` API key.",
      });
    }
    // Hosted Supabase serves some paths (REST's OpenAPI document) to secret keys only.
    if (options.requireApiKey && apikey && service.secretKeyOnly?.(rest, req.method)) {
      if (!(await isSecretKey(apikey, ctx.keys, ctx.jwt))) {
        return reply.code(403).send({
          message: "Access to schema is forbidden",
          hint: "Accessing the schema via the Data API is only allowed using a secret API key.",
        });
      }
    }
    const authorization = effectiveAuthorization(req.headers.authorization, apikey, ctx.keys);
    if (authorization) req.headers.authorization = authorization;
  });

  app.addHook("onSend", async (req, reply, payload) => {
    if (!req.raw.complete && reply.getHeader("connection") === "close") lingerOverUnreadBody(req, reply);
    return payload;
  });

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof ServiceError) {
      if (err.cause) ctx.log.debug(`${req.method} ${req.url}: ${err.message}`, err.cause);
      reply.code(err.status).headers(err.headers).send(err.body);
      return;
    }
    if (sendFault(services, err, req, reply)) return;
    ctx.log.error(`${req.method} ${req.url} failed`, err);
    reply.code(500).send({ message: "Internal Server Error" });
  });

  for (const service of services) {
    await app.register(async (scope) => service.register(scope), { prefix: service.prefix });
  }

  app.server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = req.url ?? "";
    for (const service of services) {
      if (service.upgrade && url.startsWith(`${service.prefix}/`) && service.upgrade(req, socket, head)) return;
    }
    socket.end("HTTP/1.1 404 Not Found\r\n\r\n");
  });

  return app;
}
