// PostgREST-compatible REST API at /rest/v1: parse → plan → sql → http.
import type { Service, StackContext } from "../context.js";
import { restRequestFault } from "./errors.js";
import { ReadPlanCache } from "./http/read.js";
import { registerRoutes } from "./http/routes.js";
import { createSchemaCacheHolder, type SchemaCache } from "./schema/index.js";

/**
 * The REST service's state is its own: its schema cache and its compiled reads.
 * `schemaCache`: start from this cache (a world's template's) instead of loading one.
 */
export function createRestService(ctx: StackContext, schemaCache?: SchemaCache): Service {
  const schema = createSchemaCacheHolder(
    ctx.db.admin,
    ctx.db.listen,
    ctx.config.api,
    ctx.log.child("rest"),
    schemaCache,
  );
  const plans = new ReadPlanCache();
  return {
    name: "rest",
    prefix: "/rest/v1",
    frameworkError: restRequestFault,
    register(app) {
      registerRoutes(app, ctx, schema, plans);
    },
    start: () => schema.start(),
    stop: () => schema.stop(),
    reloadSchema: () => schema.reload(),
  };
}
