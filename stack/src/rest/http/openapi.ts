// GET / → the OpenAPI document for what the caller's role may use (none with
// pgrst.openapi_mode = 'disabled').
import { withScope } from "../../db/scope.js";
import { REST_ERRORS } from "../errors.js";
import { openApiDocument, type Visible } from "../openapi.js";
import type { RestRequest, RestResponse } from "./context.js";
import { scopeFor } from "./context.js";
import { CONTENT_TYPES } from "./negotiate.js";

const PRIVILEGES_SQL = `
select coalesce((select array_agg(c.relname::text) from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1 and c.relkind in ('r','v','m','f','p')
    and (has_table_privilege(c.oid, 'SELECT') or has_table_privilege(c.oid, 'INSERT')
      or has_table_privilege(c.oid, 'UPDATE') or has_table_privilege(c.oid, 'DELETE'))), '{}') as relations,
  coalesce((select array_agg(p.oid::int8) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = $1 and has_function_privilege(p.oid, 'EXECUTE')), '{}') as functions`;

export async function handleOpenApi(r: RestRequest): Promise<RestResponse> {
  if (r.cache.settings.openapiMode === "disabled") {
    throw REST_ERRORS.openApiDisabled();
  }
  const visible: Visible = await withScope(r.ctx.db.api, scopeFor(r, true), async (client) => {
    const { rows } = await client.query(PRIVILEGES_SQL, [r.schema]);
    return {
      relations: new Set(rows[0].relations as string[]),
      functions: new Set((rows[0].functions as string[]).map(Number)),
    };
  });
  const doc = openApiDocument(r.cache, r.schema, visible, r.ctx.config.api.external_url);
  return {
    status: 200,
    headers: { "content-type": CONTENT_TYPES.openapi },
    body: r.method === "HEAD" ? "" : JSON.stringify(doc),
  };
}
