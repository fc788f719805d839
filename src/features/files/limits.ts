// What each bucket accepts (docs/product.md §9), mirrored from the bucket config in
// supabase/migrations/20250601100400_storage.sql so the browser can refuse a file
// before sending it; the server refuses it too. stack/test/opsdesk-storage.test.ts
// checks that the two agree.

export interface BucketLimits {
  bucket: string;
  maxBytes: number;
  mimeTypes: readonly string[];
  /** For the file picker's `accept`. */
  extensions: readonly string[];
  /** i18n key and English text of docs/product.md §8's refusal, also shown before upload. */
  rule: { key: string; text: string };
}

const MB = 1024 * 1024;

export const PRODUCT_IMAGES: BucketLimits = {
  bucket: "product-images",
  maxBytes: 5 * MB,
  mimeTypes: ["image/png", "image/jpeg", "image/webp"],
  extensions: [".png", ".jpg", ".jpeg", ".webp"],
  rule: { key: "files.imageRule", text: "Files must be PNG, JPEG or WebP up to 5 MB." },
};

export const ORDER_DOCUMENTS: BucketLimits = {
  bucket: "order-documents",
  maxBytes: 10 * MB,
  mimeTypes: ["application/pdf"],
  extensions: [".pdf"],
  rule: { key: "files.documentRule", text: "Files must be PDF up to 10 MB." },
};

export const BUCKET_LIMITS: readonly BucketLimits[] = [PRODUCT_IMAGES, ORDER_DOCUMENTS];

export type FileProblem = "empty" | "tooLarge" | "wrongType";

/**
 * Why the bucket would refuse this file, or null when it fits. `type` is what the file's
 * first bytes say it is (fileTypeOf), not what its name claims.
 */
export function fileProblem(file: { size: number; type: string }, limits: BucketLimits): FileProblem | null {
  if (!limits.mimeTypes.includes(file.type.toLowerCase())) return "wrongType";
  if (file.size === 0) return "empty";
  if (file.size > limits.maxBytes) return "tooLarge";
  return null;
}

export const acceptOf = (limits: BucketLimits) => [...limits.mimeTypes, ...limits.extensions].join(",");

/** A field's bucket's limits, or the images' for a form without an image field (unused then). */
export const limitsFor = (field: { bucket?: string } | undefined): BucketLimits =>
  field?.bucket ? limitsOf(field.bucket) : PRODUCT_IMAGES;

export function limitsOf(bucket: string | undefined): BucketLimits {
  const limits = BUCKET_LIMITS.find((l) => l.bucket === bucket);
  if (!limits) throw new Error(`No upload limits for bucket "${bucket}"`);
  return limits;
}
