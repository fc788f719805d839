// Reads an upload's body the ways storage-js sends it: multipart/form-data with the
// file under the empty field name (fields cacheControl and metadata before it), or
// the raw bytes with cache-control, content-type and base64 x-metadata headers.
import "@fastify/multipart";
import type { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import { jsonNestsDeeperThan, jsonTooDeep } from "../shared/request-faults.js";
import { ERRORS } from "./errors.js";
import { DEFAULT_MEDIA_TYPE, formatMediaType, type MediaType, mediaTypeAllowed, parseMediaType } from "./media-type.js";

interface IncomingFile {
  stream: Readable;
  /** The canonical media type (media-type.ts): what is stored and served. */
  mimeType: string;
  /** Its essence, matched against the bucket's allowed types. */
  essence: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
  /** Consumes and drops the rest of the body (so a refusal still reaches the client). */
  discard(): void;
}

function parseUserMetadata(json: string | undefined): Record<string, unknown> | null {
  if (json === undefined || json === "") return null;
  if (jsonNestsDeeperThan(json)) throw ERRORS.invalidRequest(`Invalid metadata: ${jsonTooDeep().message}`);
  try {
    const value = JSON.parse(json);
    if (value && typeof value === "object" && !Array.isArray(value)) return value;
  } catch {
    // fall through to the error below
  }
  throw ERRORS.invalidRequest("Invalid metadata: expected a JSON object");
}

function fieldValue(fields: Record<string, unknown>, name: string): string | undefined {
  const field = fields[name] as { value?: unknown } | undefined;
  return typeof field?.value === "string" ? field.value : undefined;
}

/** The declared type of the bytes, parsed (an empty one is octet-stream); 415 when it does not parse. */
function declaredMediaType(header: string | undefined): MediaType {
  if (header === undefined || header.trim() === "") return { essence: DEFAULT_MEDIA_TYPE };
  const media = parseMediaType(header);
  if (!media) throw ERRORS.invalidContentType();
  return media;
}

/** `limit` lets the multipart parser stop one byte past it: the store reports 413. */
export async function incomingFile(req: FastifyRequest, limit: number): Promise<IncomingFile> {
  const contentType = req.headers["content-type"] ?? "";
  if (contentType.toLowerCase().startsWith("multipart/form-data")) {
    const part = await req.file({ limits: { fileSize: limit + 1 }, throwFileSizeLimit: false });
    if (!part) throw ERRORS.invalidRequest("No file provided");
    const cacheTime = fieldValue(part.fields, "cacheControl");
    let media: MediaType;
    try {
      media = declaredMediaType(part.mimetype);
    } catch (err) {
      part.file.resume();
      throw err;
    }
    return {
      stream: part.file,
      mimeType: formatMediaType(media),
      essence: media.essence,
      cacheControl: cacheTime ? `max-age=${cacheTime}` : "no-cache",
      userMetadata: parseUserMetadata(fieldValue(part.fields, "metadata")),
      discard: () => part.file.resume(),
    };
  }
  const media = declaredMediaType(contentType);
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) throw ERRORS.tooLarge();
  const header = req.headers["x-metadata"];
  const userMetadata =
    typeof header === "string" ? parseUserMetadata(Buffer.from(header, "base64").toString("utf8")) : null;
  return {
    stream: req.raw,
    mimeType: formatMediaType(media),
    essence: media.essence,
    cacheControl: req.headers["cache-control"] ?? "no-cache",
    userMetadata,
    discard: () => {
      req.raw.resume();
    },
  };
}

/** The bucket's `allowed_mime_types` against a parsed essence: 415 when it is not among them. */
export function assertMimeAllowed(allowed: string[] | null, essence: string): void {
  if (!mediaTypeAllowed(allowed, essence)) throw ERRORS.invalidMimeType(essence);
}
