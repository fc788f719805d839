// Sends an object's bytes with the headers storage-api gives a download: content type,
// cache-control, ETag, Last-Modified, length, `download=` disposition, single ranges,
// and the safety headers of every download (media-type.ts: nosniff, a sandbox CSP).
import type { FastifyReply, FastifyRequest } from "fastify";
import type { DiskStore } from "./disk.js";
import { ERRORS } from "./errors.js";
import { downloadSafetyHeaders, servedMediaType } from "./media-type.js";
import type { ObjectRow } from "./queries.js";

/** `download=` as storage-api sets Content-Disposition from it. */
export function disposition(download: unknown): string | undefined {
  if (typeof download !== "string") return undefined;
  if (download === "") return "attachment;";
  const name = encodeURIComponent(download);
  return `attachment; filename=${name}; filename*=UTF-8''${name};`;
}

/**
 * `bytes=a-b`, `bytes=a-`, `bytes=-n` (one range only), as storage-api's
 * parseRangeHeader: every number a safe integer, the start inside the object, the
 * end clamped to it; anything else is 416 (a number too large for one was a 500).
 */
export function parseRange(header: string, size: number): { start: number; end: number } {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header);
  if (!m || size <= 0 || (m[1] === "" && m[2] === "")) throw ERRORS.invalidRange();
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (!Number.isSafeInteger(suffix) || suffix <= 0) throw ERRORS.invalidRange();
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Number(m[2]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start || start >= size) {
    throw ERRORS.invalidRange();
  }
  return { start, end: Math.min(end, size - 1) };
}

export async function sendObject(
  req: FastifyRequest,
  reply: FastifyReply,
  store: DiskStore,
  row: ObjectRow,
): Promise<FastifyReply> {
  if (!row.version) throw ERRORS.noSuchKey();
  const meta = row.metadata;
  const size = meta?.size ?? 0;
  const type = servedMediaType(meta?.mimetype);
  reply
    .headers(downloadSafetyHeaders(type))
    .header("content-type", type)
    .header("cache-control", meta?.cacheControl ?? "no-cache")
    .header("etag", meta?.eTag ?? "")
    .header("last-modified", new Date(meta?.lastModified ?? row.updated_at).toUTCString())
    .header("accept-ranges", "bytes");
  const attachment = disposition((req.query as Record<string, unknown>).download);
  if (attachment) reply.header("content-disposition", attachment);
  if (meta?.eTag && req.headers["if-none-match"] === meta.eTag) return reply.code(304).send();

  const rangeHeader = req.headers.range;
  const range = rangeHeader && size > 0 ? parseRange(rangeHeader, size) : undefined;
  const stream = await store.open(row.bucket_id, row.name, row.version, range);
  if (range) {
    reply
      .code(206)
      .header("content-range", `bytes ${range.start}-${range.end}/${size}`)
      .header("content-length", String(range.end - range.start + 1));
  } else {
    reply.header("content-length", String(size));
  }
  return reply.send(stream);
}
