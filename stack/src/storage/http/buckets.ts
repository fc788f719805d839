// /bucket: create, get, list, update, empty, delete, each as the caller (RLS on
// storage.buckets and storage.objects decides, as on hosted Supabase).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { parseByteSize } from "../../config/index.js";
import type { StackContext } from "../../context.js";
import { callerOf, runAs } from "../caller.js";
import type { DiskStore } from "../disk.js";
import { ERRORS } from "../errors.js";
import { assertBucketName } from "../keys.js";
import {
  BUCKET_SORT_COLUMNS,
  type BucketSettings,
  bucketHasObjects,
  deleteBucket,
  deleteObjects,
  findBucket,
  insertBucket,
  listBuckets,
  updateBucket,
} from "../queries.js";

type Body = Record<string, unknown>;

function bodyOf(req: FastifyRequest): Body {
  return req.body && typeof req.body === "object" ? (req.body as Body) : {};
}

/** The settings a create/update body carries; absent ones stay undefined. */
function settingsOf(body: Body): BucketSettings {
  const settings: BucketSettings = {};
  if (body.public !== undefined) settings.public = body.public === true;
  if (body.file_size_limit !== undefined) {
    try {
      const limit = body.file_size_limit === null ? null : parseByteSize(body.file_size_limit, 0);
      settings.file_size_limit = limit || null;
    } catch {
      throw ERRORS.invalidRequest("Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B");
    }
  }
  if (body.allowed_mime_types !== undefined) {
    const types = body.allowed_mime_types;
    if (types !== null && !(Array.isArray(types) && types.every((t) => typeof t === "string"))) {
      throw ERRORS.invalidRequest("allowed_mime_types must be an array of strings");
    }
    settings.allowed_mime_types = types && types.length > 0 ? types : null;
  }
  return settings;
}

export function registerBucketRoutes(app: FastifyInstance, ctx: StackContext, store: DiskStore): void {
  app.get("/bucket", async (req) => {
    const caller = await callerOf(ctx, req);
    const q = req.query as Record<string, string | undefined>;
    const sortColumn = q.sortColumn ?? "name";
    if (!(BUCKET_SORT_COLUMNS as readonly string[]).includes(sortColumn)) {
      throw ERRORS.invalidRequest(`Invalid sortColumn ${sortColumn}`);
    }
    return runAs(ctx, req, caller, "storage.bucket.list", (client) =>
      listBuckets(client, {
        limit: q.limit ? Number(q.limit) : undefined,
        offset: q.offset ? Number(q.offset) : undefined,
        sortColumn,
        sortOrder: q.sortOrder === "desc" ? "desc" : "asc",
        search: q.search,
      }),
    );
  });

  app.get<{ Params: { id: string } }>("/bucket/:id", async (req) => {
    const caller = await callerOf(ctx, req);
    const bucket = await runAs(ctx, req, caller, "storage.bucket.get", (client) => findBucket(client, req.params.id));
    if (!bucket) throw ERRORS.noSuchBucket();
    // storage-api selects these columns for one bucket: no `type` (the list has it).
    const { type: _listOnly, ...shown } = bucket;
    return shown;
  });

  app.post("/bucket", async (req) => {
    const caller = await callerOf(ctx, req);
    const body = bodyOf(req);
    const name = typeof body.name === "string" ? body.name : typeof body.id === "string" ? body.id : "";
    const id = typeof body.id === "string" ? body.id : name;
    assertBucketName(id);
    assertBucketName(name);
    const type = body.type === "ANALYTICS" ? "ANALYTICS" : "STANDARD";
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

  app.put<{ Params: { id: string } }>("/bucket/:id", async (req) => {
    const caller = await callerOf(ctx, req);
    const settings = settingsOf(bodyOf(req));
    const updated = await runAs(ctx, req, caller, "storage.bucket.update", (client) =>
      updateBucket(client, req.params.id, settings),
    );
    if (!updated) throw ERRORS.noSuchBucket();
    return { message: "Successfully updated" };
  });

  app.post<{ Params: { id: string } }>("/bucket/:id/empty", async (req) => {
    const caller = await callerOf(ctx, req);
    const removed = await runAs(ctx, req, caller, "storage.bucket.empty", async (client) => {
      if (!(await findBucket(client, req.params.id))) throw ERRORS.noSuchBucket();
      return deleteObjects(client, req.params.id, null);
    });
    for (const row of removed) await store.remove(row.bucket_id, row.name, row.version);
    // storage-api queues the deletion and says so; here it is already done when this answers.
    return { message: "Empty bucket has been queued. Completion may take up to an hour." };
  });

  app.delete<{ Params: { id: string } }>("/bucket/:id", async (req) => {
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
