// POST /object/list-v2/{bucket}: the flat, cursor-paged listing (list-v2.ts), run as
// the caller so SELECT policies decide which objects show.
import type { FastifyInstance } from "fastify";
import type { StackContext } from "../../context.js";
import { callerOf, runAs } from "../caller.js";
import { ERRORS } from "../errors.js";
import { bucketTarget } from "../keys.js";
import { LIST_V2_SORT_COLUMNS, listObjectsV2 } from "../list-v2.js";

export function registerListV2Route(app: FastifyInstance, ctx: StackContext): void {
  app.post("/object/list-v2/*", async (req) => {
    const bucket = bucketTarget(req.url, "/object/list-v2/");
    const body = (req.body && typeof req.body === "object" ? req.body : {}) as Record<string, unknown>;
    const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string };
    const column = sortBy.column as (typeof LIST_V2_SORT_COLUMNS)[number] | undefined;
    if (column !== undefined && !LIST_V2_SORT_COLUMNS.includes(column)) {
      throw ERRORS.invalidRequest("body/sortBy/column must be equal to one of the allowed values");
    }
    if (sortBy.order !== undefined && sortBy.order !== "asc" && sortBy.order !== "desc") {
      throw ERRORS.invalidRequest("body/sortBy/order must be equal to one of the allowed values");
    }
    const limit = body.limit === undefined ? undefined : Number(body.limit);
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
      throw ERRORS.invalidRequest("body/limit must be >= 1");
    }
    const caller = await callerOf(ctx, req);
    return runAs(ctx, req, caller, "storage.object.list", (client) =>
      listObjectsV2(client, {
        bucket,
        prefix: typeof body.prefix === "string" ? body.prefix : "",
        limit,
        cursor: typeof body.cursor === "string" && body.cursor ? body.cursor : undefined,
        withDelimiter: body.with_delimiter === true,
        sortColumn: column,
        sortOrder: sortBy.order as "asc" | "desc" | undefined,
      }),
    );
  });
}
