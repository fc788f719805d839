// POST /object/list/{bucket}: one folder level of a bucket (storage-api's search),
// run as the caller so SELECT policies decide which objects show.
import type { StackContext } from "../../context.js";
import type { RouteApp } from "../../shared/validation.js";
import { callerOf, runAs } from "../caller.js";
import { bucketTarget } from "../keys.js";
import { listFolder } from "../queries.js";
import { ListObjectsBody } from "./schemas.js";

export function registerListRoute(app: RouteApp, ctx: StackContext): void {
  app.post("/object/list/*", { schema: { body: ListObjectsBody } }, async (req) => {
    const bucket = bucketTarget(req.url, "/object/list/");
    const caller = await callerOf(ctx, req);
    const body = req.body;
    const rawPrefix = body.prefix.replace(/^\/+/, "");
    const prefix = rawPrefix === "" || rawPrefix.endsWith("/") ? rawPrefix : `${rawPrefix}/`;
    return runAs(ctx, req, caller, "storage.object.list", (client) =>
      listFolder(client, {
        bucket,
        prefix,
        search: body.search ?? "",
        limit: body.limit ?? 100,
        offset: body.offset ?? 0,
        sortColumn: body.sortBy?.column ?? "name",
        sortOrder: body.sortBy?.order ?? "asc",
      }),
    );
  });
}
