// The /rest/v1 routing table: `/` OpenAPI, `/rpc/<fn>`, `/<table>`. Every route
// authenticates, negotiates profile/media/prefs, then hands off to one handler.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { StackContext } from "../../context.js";
import { jsonNestsDeeperThan, jsonTooDeep } from "../../shared/request-faults.js";
import { REST_ERRORS } from "../errors.js";
import { ParseError } from "../parse/errors.js";
import { parsePrefer } from "../parse/prefer.js";
import { fromPgError, isPgError } from "../postgres-errors.js";
import type { SchemaCacheHolder } from "../schema/index.js";
import { type Caller, createAuthenticator } from "./auth.js";
import type { RestRequest, RestResponse } from "./context.js";
import { negotiateMedia, negotiateSchema, nullsStripped, parseRange } from "./negotiate.js";
import { handleOpenApi } from "./openapi.js";
import { handleTableRead, type ReadPlanCache } from "./read.js";
import { applyResponseGucs } from "./response-gucs.js";
import { handleRpc } from "./rpc.js";
import { handleTableWrite } from "./write.js";

const PREFIX = "/rest/v1";
/**
 * PostgREST sets no limit, but here a body is held whole in memory until Postgres has
 * it. 12 MiB holds the console's largest import (5 000 rows from a 10 MB file, as JSON);
 * past it Fastify stops reading at once (413), before a byte when Content-Length says so.
 */
export const REST_BODY_LIMIT = 12 * 1024 * 1024;
const JSON_MEDIA = /^application\/(?:[\w.-]+\+)?json\b/i;

function decodePath(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Parse and shape errors become PostgREST's 400s; Postgres errors get its mapping. */
function asRestError(err: unknown, caller: Caller | undefined): unknown {
  if (err instanceof ParseError) return REST_ERRORS.queryParse(err.message, err.details);
  if (isPgError(err)) return fromPgError(err, caller?.anonymous ?? true);
  return err;
}

/**
 * What Kong's /graphql/v1 route does on hosted Supabase: every request goes to
 * `/rpc/graphql` with `Content-Profile: graphql_public` (pg_graphql, docs/extensions.md).
 */
export const GRAPHQL_ROUTE = { path: "/rpc/graphql", profile: "graphql_public" };

export function registerRoutes(
  app: FastifyInstance,
  ctx: StackContext,
  schema: SchemaCacheHolder,
  plans: ReadPlanCache,
  fixed?: typeof GRAPHQL_ROUTE,
): void {
  const authenticate = createAuthenticator(ctx);

  // Bodies are read as text: JSON is validated in the planner and sent to Postgres
  // verbatim, so nesting Postgres' parser cannot take is refused here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string", bodyLimit: REST_BODY_LIMIT }, (req, body, done) => {
    const type = req.headers["content-type"] ?? "application/json";
    if (JSON_MEDIA.test(type) && jsonNestsDeeperThan(body as string)) return done(jsonTooDeep(), undefined);
    done(null, body);
  });

  async function handle(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    let caller: Caller | undefined;
    try {
      const q = req.url.indexOf("?");
      const path = fixed?.path ?? (decodePath((q < 0 ? req.url : req.url.slice(0, q)).slice(PREFIX.length)) || "/");
      caller = await authenticate(req.headers.authorization);
      const isRead = req.method === "GET" || req.method === "HEAD";
      const cache = schema.current();
      const prefs = parsePrefer(req.headers.prefer);
      // Prefer: tx=… counts only where db_tx_end allows overriding (neither honoured nor echoed otherwise).
      if (!cache.settings.txEnd.endsWith("-allow-override")) delete prefs.tx;
      if (prefs.handling === "strict" && prefs.invalid.length) {
        throw REST_ERRORS.strictPreferences(prefs.invalid);
      }
      const profile =
        fixed?.profile ??
        ((isRead ? req.headers["accept-profile"] : req.headers["content-profile"]) as string | undefined);
      const { schema: schemaName, explicit } = negotiateSchema(profile, cache.settings.schemas);
      const range = isRead ? parseRange(req.headers.range as string | undefined) : undefined;
      const r: RestRequest = {
        ctx,
        cache,
        method: req.method,
        path,
        query: q < 0 ? "" : req.url.slice(q + 1),
        body: typeof req.body === "string" ? req.body : "",
        headers: req.headers,
        caller,
        prefs,
        schema: schemaName,
        media: negotiateMedia(req.headers.accept, cache.settings.planEnabled),
        stripNulls: nullsStripped(req.headers.accept),
        ...(range && { range }),
      };
      const res = applyResponseGucs(await route(r));
      if (explicit) res.headers["content-profile"] = schemaName;
      reply
        .code(res.status)
        .headers(res.headers)
        .send(res.body ?? "");
    } catch (err) {
      const mapped = asRestError(err, caller);
      throw mapped;
    }
  }

  async function route(r: RestRequest): Promise<RestResponse> {
    const segments = r.path.slice(1).split("/");
    if (r.path === "/") {
      if (r.method !== "GET" && r.method !== "HEAD") throw REST_ERRORS.unsupportedMethod(r.method);
      return handleOpenApi(r);
    }
    if (segments.length === 2 && segments[0] === "rpc" && segments[1]) return handleRpc(r, segments[1]);
    if (segments.length !== 1) throw REST_ERRORS.invalidPath();
    if (r.method === "GET" || r.method === "HEAD") return handleTableRead(r, segments[0], plans);
    return handleTableWrite(r, segments[0]);
  }

  app.route({
    method: ["GET", "HEAD", "POST", "PATCH", "DELETE", "PUT"],
    url: "/*",
    exposeHeadRoute: false,
    handler: handle,
  });
  app.route({
    method: ["GET", "HEAD", "POST", "PATCH", "DELETE", "PUT"],
    url: "/",
    exposeHeadRoute: false,
    handler: handle,
  });
}
