// POST /object/list/{bucket}: one folder level of a bucket (storage-api's search),
// run as the caller so SELECT policies decide which objects show.
import type { FastifyInstance } from "fastify";
import type { StackContext } from "../../context.js";
import { callerOf, runAs } from "../caller.js";
import { ERRORS } from "../errors.js";
import { bucketTarget } from "../keys.js";
import { LIST_SORT_COLUMNS, listFolder } from "../queries.js";
import { bodyOf, positiveInt } from "./json-body.js";

export function registerListRoute(app: FastifyInstance, ctx: StackContext): void {
  app.post("/object/list/*", async (req) => {
    const bucket = bucketTarget(req.url, "/object/list/");
    const caller = await callerOf(ctx, req);
    const body = bodyOf(req);
    const rawPrefix = typeof body.prefix === "string" ? body.prefix.replace(/^\/+/, "") : "";
    const prefix = rawPrefix === "" || rawPrefix.endsWith("/") ? rawPrefix : `${rawPrefix}/`;
    const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string };
    const sortColumn = sortBy.column ?? "name";
    if (!(LIST_SORT_COLUMNS as readonly string[]).includes(sortColumn)) {
      throw ERRORS.invalidRequest(`Invalid sortBy column ${sortColumn}`);
    }
    return runAs(ctx, req, caller, "storage.object.list", (client) =>
      listFolder(client, {
        bucket,
        prefix,
        search: typeof body.search === "string" ? body.search : "",
        limit: body.limit === undefined ? 100 : positiveInt(body.limit, "limit"),
        offset: Math.max(0, Number(body.offset) || 0),
        sortColumn,
        sortOrder: sortBy.order?.toLowerCase() === "desc" ? "desc" : "asc",
      }),
    );
  });
}
