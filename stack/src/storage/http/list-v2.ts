// POST /object/list-v2/{bucket}: the flat, cursor-paged listing (list-v2.ts), run as
// the caller so SELECT policies decide which objects show.
import type { StackContext } from "../../context.js";
import type { RouteApp } from "../../shared/validation.js";
import { callerOf, runAs } from "../caller.js";
import { bucketTarget } from "../keys.js";
import { listObjectsV2 } from "../list-v2.js";
import { ListObjectsV2Body } from "./schemas.js";

export function registerListV2Route(app: RouteApp, ctx: StackContext): void {
  app.post("/object/list-v2/*", { schema: { body: ListObjectsV2Body } }, async (req) => {
    const bucket = bucketTarget(req.url, "/object/list-v2/");
    const body = req.body;
    const caller = await callerOf(ctx, req);
    return runAs(ctx, req, caller, "storage.object.list", (client) =>
      listObjectsV2(client, {
        bucket,
        prefix: body.prefix ?? "",
        limit: body.limit,
        cursor: body.cursor || undefined,
        withDelimiter: body.with_delimiter === true,
        sortColumn: body.sortBy?.column,
        sortOrder: body.sortBy?.order,
      }),
    );
  });
}
