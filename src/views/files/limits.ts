// What each bucket accepts (docs/product.md §9), mirrored from the bucket config in
// supabase/migrations/20250601100400_storage.sql so the browser can refuse a file
// before sending it; the server refuses it too. stack/test/opsdesk-storage.test.ts
// checks that the two agree. On a project with Opsdesk installed, a file column's bucket's
// limits come from the bucket itself (opsdesk.file_buckets(), liveLimits.ts).

export interface BucketLimits {
  bucket: string;
  maxBytes: number;
  mimeTypes: readonly string[];
  /** For the file picker's `accept`. */
  extensions: readonly string[];
  /** i18n key and English text of docs/product.md §8's refusal, also shown before upload. */
  rule: { key: string; text: string; values?: Record<string, string> };
  /** Whether anyone may read its objects at their public URL (else signed URLs). */
  public?: boolean;
  /**
   * The file's declared type stands where its first bytes match no known signature (a bucket of
   * any type, or of text types); the demo's buckets take only types their bytes prove.
   */
  declaredTypeFallback?: boolean;
}

const MB = 1024 * 1024;

export const PRODUCT_IMAGES: BucketLimits = {
  bucket: "product-images",
  maxBytes: 5 * MB,
  mimeTypes: ["image/png", "image/jpeg", "image/webp"],
  extensions: [".png", ".jpg", ".jpeg", ".webp"],
  rule: { key: "files.imageRule", text: "Files must be PNG, JPEG or WebP up to 5 MB." },
  public: true,
};

export const ORDER_DOCUMENTS: BucketLimits = {
  bucket: "order-documents",
  maxBytes: 10 * MB,
  mimeTypes: ["application/pdf"],
  extensions: [".pdf"],
  rule: { key: "files.documentRule", text: "Files must be PDF up to 10 MB." },
  public: false,
};

export const BUCKET_LIMITS: readonly BucketLimits[] = [PRODUCT_IMAGES, ORDER_DOCUMENTS];

export type FileProblem = "empty" | "tooLarge" | "wrongType";

/**
 * Why the bucket would refuse this file, or null when it fits. `type` is what the file's
 * first bytes say it is (fileTypeOf), not what its name claims.
 */
export function fileProblem(file: { size: number; type: string }, limits: BucketLimits): FileProblem | null {
  if (!typeAllowed(file.type, limits.mimeTypes)) return "wrongType";
  if (file.size === 0) return "empty";
  if (file.size > limits.maxBytes) return "tooLarge";
  return null;
}

/** A type against a bucket's list, as Storage matches it: exact or `type/*`; an empty list takes any type. */
function typeAllowed(type: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return type !== "";
  const t = type.toLowerCase();
  return allowed.some((a) => {
    const rule = a.toLowerCase();
    return rule.endsWith("/*") ? t.startsWith(rule.slice(0, -1)) : t === rule;
  });
}

/** Whether the bucket takes images only (its drop zone and empty state speak of an image). */
export const imagesOnly = (limits: BucketLimits) =>
  limits.mimeTypes.length > 0 && limits.mimeTypes.every((m) => m.toLowerCase().startsWith("image/"));

const IMAGE_PATH = /\.(png|jpe?g|webp|gif|avif|svg)$/i;

/** Whether an object is shown as an image (by its name's extension), else offered as a download. */
export const isImagePath = (path: string) => IMAGE_PATH.test(path);

export const acceptOf = (limits: BucketLimits) => [...limits.mimeTypes, ...limits.extensions].join(",");

/** The demo's buckets, whose limits are compiled in. */
export const knownLimits = (bucket: string | undefined) => BUCKET_LIMITS.find((l) => l.bucket === bucket);

export function limitsOf(bucket: string | undefined): BucketLimits {
  const limits = knownLimits(bucket);
  if (!limits) throw new Error(`No upload limits for bucket "${bucket}"`);
  return limits;
}
