// POST /object/move and /object/copy. Move needs SELECT + UPDATE as the caller, copy
// SELECT + INSERT. An object copied or moved into another bucket must fit that bucket
// as an upload would: its size limit (413) and its allowed types (415); storage-api
// does not check this.
import { randomUUID } from "node:crypto";
import type { Static } from "@sinclair/typebox";
import type { StackContext } from "../../context.js";
import type { RouteApp } from "../../shared/validation.js";
import { callerOf, runAs } from "../caller.js";
import type { DiskStore } from "../disk.js";
import { ERRORS } from "../errors.js";
import { assertMimeAllowed } from "../incoming.js";
import { assertBucketName, assertObjectKey } from "../keys.js";
import { DEFAULT_MEDIA_TYPE, parseMediaType } from "../media-type.js";
import { findBucket, findObject, type ObjectRow, renameObject, writeObject } from "../queries.js";
import { TransferBody } from "./schemas.js";

/** Source and destination of a move or copy, validated like URL keys. */
function transferOf(body: Static<typeof TransferBody>) {
  const from = { bucket: body.bucketId, name: body.sourceKey };
  const to = { bucket: body.destinationBucket || from.bucket, name: body.destinationKey };
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

export function registerMoveRoute(app: RouteApp, ctx: StackContext, store: DiskStore): void {
  app.post("/object/move", { schema: { body: TransferBody } }, async (req) => {
    const caller = await callerOf(ctx, req);
    const { from, to } = transferOf(req.body);
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
}

export function registerCopyRoute(app: RouteApp, ctx: StackContext, store: DiskStore): void {
  app.post("/object/copy", { schema: { body: TransferBody } }, async (req) => {
    const caller = await callerOf(ctx, req);
    const { from, to } = transferOf(req.body);
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
}
