// Downloads and info: authenticated (SELECT policy as the caller), public (bucket
// flag, no key needed), signed (token for exactly this object). Image renders are
// in render.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { StackContext } from "../../context.js";
import type { DiskStore } from "../disk.js";
import { type Lookup, objectLookups } from "../lookup.js";
import type { ObjectRow } from "../queries.js";
import { sendObject } from "../send.js";

function infoOf(row: ObjectRow) {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: row.metadata?.size ?? null,
    content_type: row.metadata?.mimetype ?? null,
    cache_control: row.metadata?.cacheControl ?? null,
    etag: row.metadata?.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: row.updated_at,
    created_at: row.created_at,
  };
}

export function registerReadRoutes(app: FastifyInstance, ctx: StackContext, store: DiskStore): void {
  const { asCaller, fromPublicBucket, withToken } = objectLookups(ctx);

  const download = (route: string, lookup: Lookup) => {
    app.get(`${route}*`, async (req: FastifyRequest, reply: FastifyReply) =>
      sendObject(req, reply, store, await lookup(req, route)),
    );
  };
  download("/object/authenticated/", asCaller);
  download("/object/public/", fromPublicBucket);
  download("/object/sign/", withToken);
  download("/object/", asCaller);

  const info = (route: string, lookup: Lookup) => {
    app.get(`${route}*`, async (req: FastifyRequest) => infoOf(await lookup(req, route)));
  };
  info("/object/info/authenticated/", asCaller);
  info("/object/info/public/", fromPublicBucket);
  info("/object/info/", asCaller);
}

/** Routes that work without an API key: their own token or a public bucket is the gate. */
export function isOpenRead(path: string, method: string): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  return [
    "/object/public/",
    "/object/sign/",
    "/render/image/public/",
    "/render/image/sign/",
    "/object/info/public/",
  ].some((p) => path.startsWith(p));
}
