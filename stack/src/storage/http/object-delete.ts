// DELETE /object/{bucket} (many, by `prefixes`) and /object/{bucket}/{key}: rows
// removed as the caller (DELETE policy; objects the caller cannot touch are skipped
// silently), then their bytes.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { StackContext } from "../../context.js";
import { callerOf, runAs } from "../caller.js";
import type { DiskStore } from "../disk.js";
import { ERRORS } from "../errors.js";
import { bucketTarget, objectTarget } from "../keys.js";
import { deleteObjects } from "../queries.js";
import { bodyOf } from "./json-body.js";

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

export function registerDeleteManyRoute(app: FastifyInstance, ctx: StackContext, store: DiskStore): void {
  app.delete("/object/:bucket", async (req) => {
    const bucket = bucketTarget(req.url, "/object/");
    const prefixes = bodyOf(req).prefixes;
    if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000) {
      throw ERRORS.invalidRequest("prefixes must be an array of 1 to 1000 object names");
    }
    return removeObjects(ctx, store, req, bucket, prefixes.map(String));
  });
}

export function registerDeleteRoute(app: FastifyInstance, ctx: StackContext, store: DiskStore): void {
  app.delete("/object/*", async (req) => {
    const { bucket, key } = objectTarget(req.url, "/object/");
    const rows = await removeObjects(ctx, store, req, bucket, [key]);
    if (rows.length === 0) throw ERRORS.noSuchKey();
    return { message: "Successfully deleted" };
  });
}
