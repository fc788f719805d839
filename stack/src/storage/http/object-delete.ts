// DELETE /object/{bucket} (many, by `prefixes`) and /object/{bucket}/{key}: rows
// removed as the caller (DELETE policy; objects the caller cannot touch are skipped
// silently), then their bytes.
import type { FastifyRequest } from "fastify";
import type { StackContext } from "../../context.js";
import type { RouteApp } from "../../shared/validation.js";
import { callerOf, runAs } from "../caller.js";
import type { DiskStore } from "../disk.js";
import { ERRORS } from "../errors.js";
import { bucketTarget, objectTarget } from "../keys.js";
import { deleteObjects } from "../queries.js";
import { DeleteObjectsBody } from "./schemas.js";

async function removeObjects(
  ctx: StackContext,
  store: DiskStore,
  req: FastifyRequest,
  bucket: string,
  names: string[],
) {
  const caller = await callerOf(ctx, req);
  const rows = await runAs(ctx, req, caller, "storage.object.delete", (client) => deleteObjects(client, bucket, names));
  for (const row of rows) await store.remove(row.bucket_id, row.name, row.version);
  return rows;
}

export function registerDeleteManyRoute(app: RouteApp, ctx: StackContext, store: DiskStore): void {
  app.delete("/object/:bucket", { schema: { body: DeleteObjectsBody } }, async (req) => {
    const bucket = bucketTarget(req.url, "/object/");
    return removeObjects(ctx, store, req, bucket, req.body.prefixes);
  });
}

export function registerDeleteRoute(app: RouteApp, ctx: StackContext, store: DiskStore): void {
  app.delete("/object/*", async (req) => {
    const { bucket, key } = objectTarget(req.url, "/object/");
    const rows = await removeObjects(ctx, store, req, bucket, [key]);
    if (rows.length === 0) throw ERRORS.noSuchKey();
    return { message: "Successfully deleted" };
  });
}
