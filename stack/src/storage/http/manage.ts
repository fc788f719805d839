// JSON object operations: list, move, copy, remove, and issuing signed URLs. Each runs
// as the caller: list/sign need SELECT, move SELECT + UPDATE, copy SELECT + INSERT,
// remove DELETE (objects the caller cannot touch are skipped silently). An object
// copied or moved into another bucket must fit that bucket as an upload would: its
// size limit (413) and its allowed types (415); storage-api does not check this.
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { StackContext } from "../../context.js";
import { callerOf, runAs } from "../caller.js";
import type { DiskStore } from "../disk.js";
import { ERRORS } from "../errors.js";
import { assertMimeAllowed } from "../incoming.js";
import { assertBucketName, assertObjectKey, bucketTarget, objectTarget } from "../keys.js";
import { DEFAULT_MEDIA_TYPE, parseMediaType } from "../media-type.js";
import {
  deleteObjects,
  findBucket,
  findObject,
  LIST_SORT_COLUMNS,
  listFolder,
  type ObjectRow,
  renameObject,
  writeObject,
} from "../queries.js";
import { signToken } from "../tokens.js";
import { type TransformOptions, transformationSegments } from "../transform.js";

type Body = Record<string, unknown>;
const SIGNED_UPLOAD_SECONDS = 2 * 60 * 60;

function bodyOf(req: FastifyRequest): Body {
  return req.body && typeof req.body === "object" ? (req.body as Body) : {};
}

function stringField(body: Body, name: string): string {
  const value = body[name];
  if (typeof value !== "string" || !value) throw ERRORS.invalidRequest(`body must have required property '${name}'`);
  return value;
}

function positiveInt(value: unknown, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw ERRORS.invalidRequest(`${name} must be a positive integer`);
  return n;
}

/** Source and destination of a move or copy, validated like URL keys. */
function transferOf(req: FastifyRequest) {
  const body = bodyOf(req);
  const from = { bucket: stringField(body, "bucketId"), name: stringField(body, "sourceKey") };
  const destBucket =
    typeof body.destinationBucket === "string" && body.destinationBucket ? body.destinationBucket : from.bucket;
  const to = { bucket: destBucket, name: stringField(body, "destinationKey") };
  for (const side of [from, to]) {
    assertBucketName(side.bucket);
    assertObjectKey(side.name);
  }
  return { from, to };
}

/** The object may enter `bucketId` only within its size limit and allowed types. */
async function assertFitsBucket(ctx: StackContext, bucketId: string, source: ObjectRow): Promise<void> {
  const bucket = await findBucket(ctx.db.admin, bucketId);
  if (!bucket) throw ERRORS.noSuchBucket();
  const limit = Math.min(bucket.file_size_limit || Number.POSITIVE_INFINITY, ctx.config.storage.file_size_limit);
  if ((source.metadata?.size ?? 0) > limit) throw ERRORS.tooLarge();
  const stored = source.metadata?.mimetype;
  const essence = (stored ? parseMediaType(stored)?.essence : undefined) ?? DEFAULT_MEDIA_TYPE;
  assertMimeAllowed(bucket.allowed_mime_types, essence);
}

/**
 * storage-api's signObjectUrl: with image transformations on, a non-empty
 * `transform` goes into the token and the URL renders the image.
 */
async function signedDownloadUrl(
  ctx: StackContext,
  bucket: string,
  key: string,
  expiresIn: number,
  transform: unknown,
) {
  const options = transform && typeof transform === "object" ? (transform as TransformOptions) : {};
  const transformations = ctx.config.storage.image_transformation.enabled
    ? transformationSegments(options, true).join(",")
    : "";
  const claims = { url: `${bucket}/${key}`, ...(transformations ? { transformations } : {}) };
  const token = await signToken(ctx, claims, expiresIn);
  return `/${transformations ? "render/image" : "object"}/sign/${bucket}/${key}?token=${token}`;
}

export function registerManageRoutes(app: FastifyInstance, ctx: StackContext, store: DiskStore): void {
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

  app.post("/object/move", async (req) => {
    const caller = await callerOf(ctx, req);
    const { from, to } = transferOf(req);
    let moved: { version: string | null } | undefined;
    await runAs(ctx, req, caller, "storage.object.move", async (client) => {
      const source = await findObject(client, from.bucket, from.name);
      if (!source) throw ERRORS.noSuchKey();
      if (to.bucket !== from.bucket) await assertFitsBucket(ctx, to.bucket, source);
      const row = await renameObject(client, from, to);
      if (!row) throw ERRORS.accessDenied('new row violates row-level security policy for table "objects"');
      // Link the bytes in before commit; the old name's link goes once the row has moved.
      if (source.version)
        await store.duplicate(
          { ...from, key: from.name, version: source.version },
          { ...to, key: to.name, version: source.version },
        );
      moved = row;
    }).catch(async (err) => {
      if (moved?.version) await store.remove(to.bucket, to.name, moved.version);
      throw err;
    });
    if (moved?.version) await store.remove(from.bucket, from.name, moved.version);
    return { message: "Successfully moved" };
  });

  app.post("/object/copy", async (req) => {
    const caller = await callerOf(ctx, req);
    const { from, to } = transferOf(req);
    const upsert = req.headers["x-upsert"] === "true";
    const version = randomUUID();
    let linked = false;
    const written = await runAs(ctx, req, caller, "storage.object.copy", async (client) => {
      const source = await findObject(client, from.bucket, from.name);
      if (!source?.version) throw ERRORS.noSuchKey();
      if (to.bucket !== from.bucket) await assertFitsBucket(ctx, to.bucket, source);
      const row = await writeObject(
        client,
        {
          bucket: to.bucket,
          name: to.name,
          owner: caller.owner,
          version,
          metadata: source.metadata
            ? { ...source.metadata, lastModified: new Date(ctx.clock.now()).toISOString() }
            : null,
          userMetadata: source.user_metadata,
        },
        upsert,
      );
      await store.duplicate({ ...from, key: from.name, version: source.version }, { ...to, key: to.name, version });
      linked = true;
      return row;
    }).catch(async (err) => {
      if (linked) await store.remove(to.bucket, to.name, version);
      throw err;
    });
    if (written.previous_version) await store.remove(to.bucket, to.name, written.previous_version);
    return { Id: written.id, Key: `${to.bucket}/${to.name}` };
  });

  const remove = async (req: FastifyRequest, bucket: string, names: string[]) => {
    const caller = await callerOf(ctx, req);
    const rows = await runAs(ctx, req, caller, "storage.object.delete", (client) =>
      deleteObjects(client, bucket, names),
    );
    for (const row of rows) await store.remove(row.bucket_id, row.name, row.version);
    return rows;
  };

  app.delete("/object/:bucket", async (req) => {
    const bucket = bucketTarget(req.url, "/object/");
    const prefixes = bodyOf(req).prefixes;
    if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000) {
      throw ERRORS.invalidRequest("prefixes must be an array of 1 to 1000 object names");
    }
    return remove(req, bucket, prefixes.map(String));
  });

  app.delete("/object/*", async (req) => {
    const { bucket, key } = objectTarget(req.url, "/object/");
    const rows = await remove(req, bucket, [key]);
    if (rows.length === 0) throw ERRORS.noSuchKey();
    return { message: "Successfully deleted" };
  });

  app.post("/object/sign/*", async (req) => {
    const pathOnly = req.url.split("?")[0];
    const body = bodyOf(req);
    const expiresIn = positiveInt(body.expiresIn, "expiresIn");
    const caller = await callerOf(ctx, req);
    // `/object/sign/{bucket}` with `paths` signs many; with a key, one.
    if (!pathOnly.slice("/storage/v1/object/sign/".length).includes("/")) {
      const bucket = bucketTarget(req.url, "/object/sign/");
      const paths = body.paths;
      if (!Array.isArray(paths) || paths.length === 0) throw ERRORS.invalidRequest("paths must be a non-empty array");
      const visible = await runAs(ctx, req, caller, "storage.object.sign", async (client) => {
        const { rows } = await client.query<{ name: string }>(
          "select name from storage.objects where bucket_id = $1 and name = any($2)",
          [bucket, paths.map(String)],
        );
        return new Set(rows.map((r) => r.name));
      });
      return Promise.all(
        paths.map(async (p) => {
          const path = String(p);
          if (!visible.has(path)) {
            return { error: "Either the object does not exist or you do not have access to it", path, signedURL: null };
          }
          const token = await signToken(ctx, { url: `${bucket}/${path}` }, expiresIn);
          return { error: null, path, signedURL: `/object/sign/${bucket}/${path}?token=${token}` };
        }),
      );
    }
    const { bucket, key } = objectTarget(req.url, "/object/sign/");
    const row = await runAs(ctx, req, caller, "storage.object.sign", (client) => findObject(client, bucket, key));
    if (!row) throw ERRORS.noSuchKey();
    return { signedURL: await signedDownloadUrl(ctx, bucket, key, expiresIn, body.transform) };
  });

  app.post("/object/upload/sign/*", async (req) => {
    const { bucket, key } = objectTarget(req.url, "/object/upload/sign/");
    const caller = await callerOf(ctx, req);
    const upsert = req.headers["x-upsert"] === "true";
    // The same probe as an upload: the caller must be allowed to create this object.
    await runAs(
      ctx,
      req,
      caller,
      "storage.object.upload_sign",
      (client) =>
        writeObject(
          client,
          { bucket, name: key, owner: caller.owner, version: randomUUID(), metadata: null, userMetadata: null },
          upsert,
        ),
      { rollback: true },
    );
    const token = await signToken(ctx, { owner: caller.owner, url: `${bucket}/${key}`, upsert }, SIGNED_UPLOAD_SECONDS);
    return { url: `/object/upload/sign/${bucket}/${key}?token=${token}`, token };
  });
}
