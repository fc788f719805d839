// PostgREST-compatible REST API at /rest/v1: parse → plan → sql → http.
import type { Service, StackContext } from "../context.js";
import { restRequestFault } from "./errors.js";
import { ReadPlanCache } from "./http/read.js";
import { registerRoutes } from "./http/routes.js";
import { createSchemaCacheHolder } from "./schema/index.js";

/** The REST service's state is its own: its schema cache and its compiled reads. */
export function createRestService(ctx: StackContext): Service {
  const schema = createSchemaCacheHolder(ctx.db.admin, ctx.db.url, ctx.config.api, ctx.log.child("rest"));
  const plans = new ReadPlanCache();
  return {
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
}
