// Vector buckets at /storage/v1/vector (storage-api's vector routes, which
// supabase-js reaches as `storage.vectors`): buckets and indexes in storage.*,
// vectors durable in storage_vectors.vectors and searched exactly in memory.
// As on the platform, only the service role may call it (no RLS applies).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Service, StackContext } from "../context.js";
import { ServiceError } from "../shared/errors.js";
import { STRICT_TYPES, validatedRoutes } from "../shared/validation.js";
import { VectorCatalog } from "./catalog.js";
import { VECTOR_ERRORS } from "./errors.js";
import { LIMITS } from "./limits.js";
import { operations } from "./operations.js";
import { BODIES, FILTER_SCHEMAS, invalidBodyMessage, OPERATIONS } from "./schemas.js";
import { VectorStore } from "./store.js";

const VECTOR_PREFIX = "/storage/v1/vector";

/** storage-api's order: a JWT (else AccessDenied), then its role must be the service role. */
async function requireServiceRole(ctx: StackContext, req: FastifyRequest): Promise<void> {
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1];
  if (token?.split(".").length !== 3) throw VECTOR_ERRORS.accessDenied("Missing signature");
  let role: unknown;
  try {
    role = (await ctx.jwt.verify(token as string)).role;
  } catch (err) {
    throw VECTOR_ERRORS.accessDenied((err as Error).message);
  }
  if (role !== "service_role") throw VECTOR_ERRORS.accessDenied("Access denied: Invalid role");
}

function renderError(ctx: StackContext, err: unknown, req: FastifyRequest, reply: FastifyReply): void {
  let error: ServiceError;
  if (err instanceof ServiceError) error = err;
  else {
    const fastify = err as { statusCode?: number; code?: string; message?: string };
    if (fastify.code === "FST_ERR_CTP_BODY_TOO_LARGE") error = VECTOR_ERRORS.tooLarge();
    else if (fastify.statusCode && fastify.statusCode < 500)
      error = VECTOR_ERRORS.invalidRequest(fastify.message ?? "Invalid Request");
    else error = VECTOR_ERRORS.internal(err);
  }
  if (error.status >= 500) ctx.log.error(`${req.method} ${req.url} failed`, error.cause ?? err);
  reply.code(error.status).send(error.body);
}

export function createVectorService(ctx: StackContext): Service {
  const { vector } = ctx.config.storage;
  const catalog = new VectorCatalog(ctx.db.admin, { maxBuckets: vector.max_buckets, maxIndexes: vector.max_indexes });
  const handlers = operations(catalog, new VectorStore(ctx.db.admin));
  return {
    name: "vectors",
    prefix: VECTOR_PREFIX,
    register(scope: FastifyInstance) {
      const app = validatedRoutes(scope, {
        ajv: STRICT_TYPES,
        shared: FILTER_SCHEMAS,
        failure: (issues, part) => VECTOR_ERRORS.invalidRequest(invalidBodyMessage(issues, part)),
      });
      app.setErrorHandler((err, req, reply) => renderError(ctx, err, req, reply));
      app.setNotFoundHandler((req, reply) =>
        renderError(ctx, VECTOR_ERRORS.routeNotFound(req.method, req.url.replace("/storage/v1", "")), req, reply),
      );
      if (!vector.enabled) return;
      app.addHook("preHandler", async (req) => requireServiceRole(ctx, req));
      for (const op of OPERATIONS) {
        const bodyLimit = op === "PutVectors" ? LIMITS.putBodyBytes : undefined;
        // Each operation's handler takes the body its own schema types (one cast: TypeScript
        // cannot follow `op` through the loop).
        const handle = handlers[op] as (body: unknown) => Promise<object | undefined>;
        app.post(`/${op}`, { bodyLimit, schema: { body: BODIES[op] } }, async (req, reply) => {
          const result = await handle(req.body);
          if (result === undefined) return reply.code(200).send();
          return reply.code(200).type("application/json").send(result);
        });
      }
    },
  };
}
