// One port for every service, doing what Kong does in the Supabase CLI stack:
// maps new-style API keys to the JWTs, checks that a request carries a key
// (as hosted Supabase does), answers CORS, and routes by prefix.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { ApiKeys, Service, StackContext } from "./context.js";
import { ServiceError } from "./shared/errors.js";

/** Headers browsers must be able to read (PostgREST's and GoTrue's expose lists). */
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

const ALLOWED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
const DEFAULT_ALLOWED_HEADERS =
  "authorization, x-client-info, apikey, content-type, prefer, range, accept-profile, content-profile, x-upsert, x-supabase-api-version, x-retry-count, x-region, cache-control, x-metadata, traceparent";

/**
 * The Authorization a service should see, from Kong's BearerToken template:
 * a user's Bearer token passes through; `sb_` keys become the matching JWT.
 */
export function effectiveAuthorization(
  authorization: string | undefined,
  apikey: string | undefined,
  keys: ApiKeys,
): string | undefined {
  const bearerSb = authorization?.startsWith("Bearer sb_");
  if (authorization && !bearerSb) return authorization;
  const key = bearerSb ? authorization?.slice(7) : apikey;
  if (key === keys.secret) return `Bearer ${keys.serviceRole}`;
  if (key === keys.publishable) return `Bearer ${keys.anon}`;
  if (bearerSb) return authorization;
  return apikey ? `Bearer ${apikey}` : undefined;
}

function apiKeyOf(req: FastifyRequest): string | undefined {
  const header = req.headers.apikey;
  if (typeof header === "string" && header) return header;
  const q = req.url.indexOf("?");
  if (q < 0) return undefined;
  return new URLSearchParams(req.url.slice(q + 1)).get("apikey") ?? undefined;
}

async function isKnownKey(ctx: StackContext, key: string): Promise<boolean> {
  const { keys } = ctx;
  if (key === keys.anon || key === keys.serviceRole || key === keys.publishable || key === keys.secret) return true;
  // Any JWT signed with the project secret is a valid legacy key (custom roles, tests).
  try {
    await ctx.jwt.verify(key);
    return true;
  } catch {
    return false;
  }
}

/** A 400 in the shape the client of the service under `url` reads. */
function malformedRequestBody(url: string, message: string): unknown {
  if (url.startsWith("/rest/v1")) return { code: "PGRST100", message, details: null, hint: null };
  if (url.startsWith("/storage/v1")) return { statusCode: "400", error: "InvalidRequest", message };
  if (url.startsWith("/auth/v1")) return { code: 400, error_code: "validation_failed", msg: message, message };
  return { message };
}

function setCors(req: FastifyRequest, reply: FastifyReply): void {
  reply.header("access-control-allow-origin", req.headers.origin ?? "*");
  reply.header("vary", "Origin");
  reply.header("access-control-allow-credentials", "true");
  reply.header("access-control-expose-headers", EXPOSED_HEADERS);
}

export async function buildGateway(ctx: StackContext, services: Service[]): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: 64 * 1024 * 1024,
    // Storage object keys and REST paths are matched by the services themselves.
    routerOptions: { maxParamLength: 8192, ignoreDuplicateSlashes: false },
    // A URL the router cannot even decode gets the owning service's error shape.
    frameworkErrors: (err, req, reply) => {
      (reply as FastifyReply).code(400).send(malformedRequestBody(req.url, err.message));
    },
  });

  const byPrefix = services.map((s) => ({ service: s, prefix: s.prefix }));

  app.addHook("onRequest", async (req, reply) => {
    const match = byPrefix.find(
      ({ prefix }) => req.url === prefix || req.url.startsWith(`${prefix}/`) || req.url.startsWith(`${prefix}?`),
    );
    if (!match) return;
    const { service } = match;
    if (!service.ownCors) {
      setCors(req, reply);
      if (req.method === "OPTIONS") {
        reply
          .header("access-control-allow-methods", ALLOWED_METHODS)
          .header(
            "access-control-allow-headers",
            req.headers["access-control-request-headers"] ?? DEFAULT_ALLOWED_HEADERS,
          )
          .header("access-control-max-age", "3600")
          .code(200)
          .send();
        return reply;
      }
    }
    const rest = req.url.slice(match.prefix.length).split("?")[0] || "/";
    const apikey = apiKeyOf(req);
    const open = service.isOpen?.(rest, req.method) ?? false;
    // Answered here, not thrown: this is the gateway's reply, not the service's error.
    if (!open && !apikey) {
      return reply.code(401).send({
        message: "No API key found in request",
        hint: "No `apikey` request header or url param was found.",
      });
    }
    if (!open && apikey && !(await isKnownKey(ctx, apikey))) {
      return reply.code(401).send({
        message: "Invalid API key",
        hint: "Double check your Supabase `anon` or `service_role` API key.",
      });
    }
    const authorization = effectiveAuthorization(req.headers.authorization, apikey, ctx.keys);
    if (authorization) req.headers.authorization = authorization;
  });

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof ServiceError) {
      if (err.cause) ctx.log.debug(`${req.method} ${req.url}: ${err.message}`, err.cause);
      reply.code(err.status).headers(err.headers).send(err.body);
      return;
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status < 500) {
      reply.code(status).send({ message: (err as Error).message });
      return;
    }
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
