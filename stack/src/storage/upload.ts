// One upload, in storage-api's order: bucket limits, a permission probe (the row is
// inserted or upserted as the caller in a rolled-back transaction), the bytes streamed
// to disk under the size limit, then the row written for real. If anything fails,
// neither the row nor the file stays behind.
import { randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { StackContext } from "../context.js";
import { type Caller, runAs } from "./caller.js";
import type { DiskStore } from "./disk.js";
import { ERRORS } from "./errors.js";
import { assertMimeAllowed, incomingFile } from "./incoming.js";
import { findBucket, type NewObject, writeObject } from "./queries.js";

interface UploadTarget {
  bucket: string;
  key: string;
  upsert: boolean;
  caller: Caller;
}

export async function uploadObject(
  ctx: StackContext,
  store: DiskStore,
  req: FastifyRequest,
  target: UploadTarget,
): Promise<{ Id: string; Key: string }> {
  const { bucket: bucketId, key, upsert, caller } = target;
  const bucket = await findBucket(ctx.db.admin, bucketId);
  if (!bucket) throw ERRORS.noSuchBucket();
  const limit = Math.min(bucket.file_size_limit || Number.POSITIVE_INFINITY, ctx.config.storage.file_size_limit);
  const file = await incomingFile(req, limit);
  const version = randomUUID();
  const row: NewObject = {
    bucket: bucketId,
    name: key,
    owner: caller.owner,
    version,
    metadata: null,
    userMetadata: file.userMetadata,
  };
  try {
    assertMimeAllowed(bucket.allowed_mime_types, file.essence);
    await runAs(ctx, req, caller, "storage.object.upload", (client) => writeObject(client, row, upsert), {
      rollback: true,
    });
  } catch (err) {
    file.discard();
    throw err;
  }

  const stored = await store.write(bucketId, key, version, file.stream, limit);
  const now = new Date(ctx.clock.now()).toISOString();
  row.metadata = {
    eTag: stored.etag,
    size: stored.size,
    mimetype: file.mimeType,
    cacheControl: file.cacheControl,
    lastModified: now,
    contentLength: stored.size,
    httpStatusCode: 200,
  };
  let written: { id: string; previous_version: string | null };
  try {
    written = await runAs(ctx, req, caller, "storage.object.upload", (client) => writeObject(client, row, upsert));
  } catch (err) {
    await store.remove(bucketId, key, version);
    throw err;
  }
  if (written.previous_version && written.previous_version !== version) {
    await store.remove(bucketId, key, written.previous_version);
  }
  return { Id: written.id, Key: `${bucketId}/${key}` };
}
