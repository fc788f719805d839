// Bucket names and object keys: decoded strictly from the raw URL, validated, and
// mapped to a location inside the storage root that no key can escape.
import { createHash } from "node:crypto";
import path from "node:path";
import { ERRORS } from "./errors.js";

const MAX_KEY_BYTES = 1024;
const BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$@=;:+,?-]{1,100}$/;
// Control characters (NUL included) have no place in a key or a file name.
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Percent-decodes a URL path piece; invalid UTF-8 or stray `%` is an invalid key. */
function decodePathPiece(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw ERRORS.invalidKey(raw);
  }
}

export function assertBucketName(name: string): void {
  if (!BUCKET_NAME.test(name) || name === "." || name === "..") throw ERRORS.invalidBucketName();
}

/**
 * An object key as storage-api accepts it: relative, no empty, `.` or `..` segment,
 * no control characters, at most 1 024 bytes as UTF-8 (S3's limit, behind hosted storage;
 * it also keeps the key within what the (bucket_id, name) index takes).
 */
export function assertObjectKey(key: string): void {
  if (!key || Buffer.byteLength(key) > MAX_KEY_BYTES || hasControlCharacter(key) || key.includes("\\"))
    throw ERRORS.invalidKey(key);
  if (key.split("/").some((segment) => segment === "" || segment === "." || segment === "..")) {
    throw ERRORS.invalidKey(key);
  }
}

/** `bucket/key…` from the part of a URL after a route literal such as `/object/`. */
function splitBucketAndKey(rawRest: string): { bucket: string; key: string } {
  const slash = rawRest.indexOf("/");
  if (slash <= 0) throw ERRORS.invalidKey(decodePathPiece(rawRest));
  const bucket = decodePathPiece(rawRest.slice(0, slash));
  const key = decodePathPiece(rawRest.slice(slash + 1));
  assertBucketName(bucket);
  assertObjectKey(key);
  return { bucket, key };
}

/** One file-system-safe name per segment: percent-encoded, leading dots encoded too. */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/^\./, "%2E").replaceAll("*", "%2A");
}

/** The longest file name file systems take (NAME_MAX), in bytes. */
const NAME_MAX = 255;
/** The longest path file systems take (PATH_MAX, with its NUL), in bytes. */
const PATH_MAX = 4096;
/** A version file's name: a UUID. */
const VERSION_NAME = 36;

/**
 * A name the percent-encoding can never produce (`%` is always followed by two hex
 * digits there), so hashed names cannot collide with readable ones. The real key is
 * the object's row in storage.objects; the disk only has to find its bytes.
 */
function hashedName(kind: "S" | "K", text: string): string {
  return `%${kind}${createHash("sha256").update(text).digest("hex")}`;
}

function diskSegment(segment: string): string {
  const encoded = encodeSegment(segment);
  return encoded.length <= NAME_MAX ? encoded : hashedName("S", segment);
}

/**
 * The folder whose files are the versions of one object (`<root>/<bucket>/<key…>`):
 * readable, except that a segment over NAME_MAX is hashed, and a key whose version files
 * would pass PATH_MAX is one hashed folder in its bucket. Keys that fit map as they always did.
 */
export function objectDir(root: string, bucket: string, key: string): string {
  const base = bucketDir(root, bucket);
  let dir = path.join(base, ...key.split("/").map(diskSegment));
  if (Buffer.byteLength(dir) + 1 + VERSION_NAME >= PATH_MAX) dir = path.join(base, hashedName("K", key));
  if (!dir.startsWith(root + path.sep)) throw ERRORS.invalidKey(key);
  return dir;
}

export function bucketDir(root: string, bucket: string): string {
  const dir = path.join(root, encodeSegment(bucket));
  if (!dir.startsWith(root + path.sep)) throw ERRORS.invalidBucketName();
  return dir;
}

export const STORAGE_PREFIX = "/storage/v1";

/**
 * The bucket and key of a request to `<prefix><route>bucket/key…`, read from the raw
 * URL (not Fastify's decoded params) so that invalid percent-encoding is refused.
 */
export function objectTarget(rawUrl: string, route: string): { bucket: string; key: string } {
  const pathOnly = rawUrl.split("?")[0];
  const head = `${STORAGE_PREFIX}${route}`;
  if (!pathOnly.startsWith(head)) throw ERRORS.invalidKey(pathOnly);
  return splitBucketAndKey(pathOnly.slice(head.length));
}

/** A bucket name from the raw URL (`<prefix><route>bucket`). */
export function bucketTarget(rawUrl: string, route: string): string {
  const pathOnly = rawUrl.split("?")[0];
  const bucket = decodePathPiece(pathOnly.slice(`${STORAGE_PREFIX}${route}`.length).replace(/\/$/, ""));
  assertBucketName(bucket);
  return bucket;
}
