// GET /render/image/{authenticated,public,sign}/{bucket}/{key}: the object's image
// transformed (transform.ts), found as its download would be. Registered only with
// [storage.image_transformation] enabled; otherwise these paths are unknown, as in
// storage-api without imgproxy.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { StackContext } from "../../context.js";
import type { DiskStore } from "../disk.js";
import { ERRORS } from "../errors.js";
import { objectLookups } from "../lookup.js";
import { downloadSafetyHeaders } from "../media-type.js";
import type { ObjectRow } from "../queries.js";
import { disposition } from "../send.js";
import { renderImage, type TransformOptions, transformFromQuery, transformFromSegments } from "../transform.js";

async function readAll(store: DiskStore, row: ObjectRow): Promise<Buffer> {
  if (!row.version) throw ERRORS.noSuchKey();
  const chunks: Buffer[] = [];
  for await (const chunk of await store.open(row.bucket_id, row.name, row.version)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function render(
  req: FastifyRequest,
  reply: FastifyReply,
  store: DiskStore,
  row: ObjectRow,
  options: TransformOptions,
  expires?: string,
) {
  const image = await renderImage(await readAll(store, row), options, req.headers.accept);
  const meta = row.metadata;
  reply
    .headers(downloadSafetyHeaders(image.contentType))
    .header("accept-ranges", "bytes")
    .header("content-type", image.contentType)
    .header("etag", meta?.eTag ?? "")
    .header("x-robots-tag", "none")
    .header("last-modified", new Date(meta?.lastModified ?? row.updated_at).toUTCString())
    .header("content-length", String(image.body.length));
  if (expires) reply.header("expires", expires);
  else reply.header("cache-control", meta?.cacheControl ?? "no-cache");
  if (image.transformations.length) reply.header("x-transformations", image.transformations.join(","));
  const attachment = disposition((req.query as Record<string, unknown>).download);
  if (attachment) reply.header("content-disposition", attachment);
  return reply.send(image.body);
}

export function registerRenderRoutes(app: FastifyInstance, ctx: StackContext, store: DiskStore): void {
  if (!ctx.config.storage.image_transformation.enabled) return;
  const { asCaller, fromPublicBucket, withToken } = objectLookups(ctx);
  const query = (req: FastifyRequest) => transformFromQuery(req.query as Record<string, unknown>);

  app.get("/render/image/authenticated/*", async (req, reply) => {
    const options = query(req);
    return render(req, reply, store, await asCaller(req, "/render/image/authenticated/"), options);
  });
  app.get("/render/image/public/*", async (req, reply) => {
    const options = query(req);
    return render(req, reply, store, await fromPublicBucket(req, "/render/image/public/"), options);
  });
  // A signed render uses the transformations its token was made with, not the query's.
  app.get("/render/image/sign/*", async (req, reply) => {
    const row = await withToken(req, "/render/image/sign/");
    const { exp } = row.token as { exp?: number };
    const expires = exp ? new Date(exp * 1000).toUTCString() : undefined;
    return render(req, reply, store, row, transformFromSegments(row.token.transformations ?? ""), expires);
  });
}
