// PostgREST-compatible REST API at /rest/v1 (and /graphql/v1 through it): parse → plan → sql → http.
import type { Service, StackContext } from "../context.js";
import { restRequestFault } from "./errors.js";
import { ReadPlanCache } from "./http/read.js";
import { GRAPHQL_ROUTE, registerRoutes } from "./http/routes.js";
import { createSchemaCacheHolder, type SchemaCache } from "./schema/index.js";

/**
 * The REST service and /graphql/v1 (what hosted Supabase's gateway sends to PostgREST's
 * `/rpc/graphql` in schema graphql_public), sharing one schema cache and compiled reads:
 * their state is their own. `schemaCache`: start from this cache (a world's template's)
 * instead of loading one.
 */
export function createRestServices(ctx: StackContext, schemaCache?: SchemaCache): Service[] {
  const schema = createSchemaCacheHolder(
    ctx.db.admin,
    ctx.db.listen,
    ctx.config.api,
    ctx.log.child("rest"),
    schemaCache,
  );
  const plans = new ReadPlanCache();
  const rest: Service = {
    name: "rest",
    prefix: "/rest/v1",
    frameworkError: restRequestFault,
    // The OpenAPI document: secret keys only under --require-api-key, as hosted (docs/rest.md).
    secretKeyOnly: (path, method) => path === "/" && (method === "GET" || method === "HEAD"),
    register(app) {
      registerRoutes(app, ctx, schema, plans);
    },
    start: () => schema.start(),
    stop: () => schema.stop(),
    reloadSchema: () => schema.reload(),
  };
  const graphql: Service = {
    name: "graphql",
    prefix: "/graphql/v1",
    frameworkError: restRequestFault,
    register(app) {
      registerRoutes(app, ctx, schema, plans, GRAPHQL_ROUTE);
    },
  };
  return [rest, graphql];
}
