// /bucket: create, get, list, update, empty, delete, each as the caller (RLS on
// storage.buckets and storage.objects decides, as on hosted Supabase).
import { parseByteSize } from "../../config/index.js";
import type { StackContext } from "../../context.js";
import type { RouteApp } from "../../shared/validation.js";
import { callerOf, runAs } from "../caller.js";
import type { DiskStore } from "../disk.js";
import { ERRORS } from "../errors.js";
import { assertBucketName } from "../keys.js";
import {
  type BucketSettings,
  bucketHasObjects,
  deleteBucket,
  deleteObjects,
  findBucket,
  insertBucket,
  listBuckets,
  updateBucket,
} from "../queries.js";
import {
  BucketParams,
  type BucketSettingsBody,
  CreateBucketBody,
  ListBucketsQuery,
  UpdateBucketBody,
} from "./schemas.js";

/** The settings a create/update body carries (already valid by its schema); absent ones stay undefined. */
function settingsOf(body: BucketSettingsBody): BucketSettings {
  const settings: BucketSettings = {};
  if (body.public !== undefined) settings.public = body.public;
  if (body.file_size_limit !== undefined) {
    settings.file_size_limit = body.file_size_limit === null ? null : parseByteSize(body.file_size_limit, 0) || null;
  }
  if (body.allowed_mime_types !== undefined) {
    const types = body.allowed_mime_types;
    settings.allowed_mime_types = types && types.length > 0 ? types : null;
  }
  return settings;
}

export function registerBucketRoutes(app: RouteApp, ctx: StackContext, store: DiskStore): void {
  app.get("/bucket", { schema: { querystring: ListBucketsQuery } }, async (req) => {
    const caller = await callerOf(ctx, req);
    const q = req.query;
    return runAs(ctx, req, caller, "storage.bucket.list", (client) =>
      listBuckets(client, {
        limit: q.limit,
        offset: q.offset,
        sortColumn: q.sortColumn ?? "name",
        sortOrder: q.sortOrder ?? "asc",
        search: q.search,
      }),
    );
  });

  app.get("/bucket/:id", { schema: { params: BucketParams } }, async (req) => {
    const caller = await callerOf(ctx, req);
    const bucket = await runAs(ctx, req, caller, "storage.bucket.get", (client) => findBucket(client, req.params.id));
    if (!bucket) throw ERRORS.noSuchBucket();
    // storage-api selects these columns for one bucket: no `type` (the list has it).
    const { type: _listOnly, ...shown } = bucket;
    return shown;
  });

  app.post("/bucket", { schema: { body: CreateBucketBody } }, async (req) => {
    const caller = await callerOf(ctx, req);
    const body = req.body;
    const name = body.name;
    const id = body.id || name;
    assertBucketName(id);
    assertBucketName(name);
    const type = body.type ?? "STANDARD";
    await runAs(
      ctx,
      req,
      caller,
      "storage.bucket.create",
      (client) => insertBucket(client, { id, name, owner: caller.owner, type, ...settingsOf(body) }),
      { onDuplicate: ERRORS.bucketExists },
    );
    return { name };
  });

  app.put("/bucket/:id", { schema: { params: BucketParams, body: UpdateBucketBody } }, async (req) => {
    const caller = await callerOf(ctx, req);
    const settings = settingsOf(req.body);
    const updated = await runAs(ctx, req, caller, "storage.bucket.update", (client) =>
      updateBucket(client, req.params.id, settings),
    );
    if (!updated) throw ERRORS.noSuchBucket();
    return { message: "Successfully updated" };
  });

  app.post("/bucket/:id/empty", { schema: { params: BucketParams } }, async (req) => {
    const caller = await callerOf(ctx, req);
    const removed = await runAs(ctx, req, caller, "storage.bucket.empty", async (client) => {
      if (!(await findBucket(client, req.params.id))) throw ERRORS.noSuchBucket();
      return deleteObjects(client, req.params.id, null);
    });
    for (const row of removed) await store.remove(row.bucket_id, row.name, row.version);
    // storage-api queues the deletion and says so; here it is already done when this answers.
    return { message: "Empty bucket has been queued. Completion may take up to an hour." };
  });

  app.delete("/bucket/:id", { schema: { params: BucketParams } }, async (req) => {
    const caller = await callerOf(ctx, req);
    const id = req.params.id;
    await runAs(ctx, req, caller, "storage.bucket.delete", async (client) => {
      if (!(await findBucket(client, id))) throw ERRORS.noSuchBucket();
      // Objects the caller cannot see still keep the bucket alive.
      if (await bucketHasObjects(ctx.db.admin, id)) throw ERRORS.bucketNotEmpty();
      if (!(await deleteBucket(client, id))) throw ERRORS.noSuchBucket();
    });
    await store.removeBucket(id);
    return { message: "Successfully deleted" };
  });
}
