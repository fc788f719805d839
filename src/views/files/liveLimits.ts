// A file column's bucket's limits as the bucket itself holds them (opsdesk.file_buckets(),
// docs/any-project.md "File columns"), in the shape the demo's compiled limits have (limits.ts),
// so the drop zone, the check before upload and Storage's refusals word them alike.
import type { FileBucket } from "../../resources/describe.types";
import type { BucketLimits } from "./limits";

const MB = 1024 * 1024;

const sizeText = (bytes: number) =>
  bytes % MB === 0
    ? `${bytes / MB} MB`
    : bytes >= MB
      ? `${(bytes / MB).toFixed(1)} MB`
      : `${Math.ceil(bytes / 1024)} KB`;

/** A live bucket's limits: its size limit and types, or none (Storage's own limits then apply). */
export function limitsFromBucket(bucket: FileBucket): BucketLimits {
  const types = bucket.allowed_mime_types ?? [];
  const size = bucket.file_size_limit ?? Number.POSITIVE_INFINITY;
  const values = { types: types.join(", "), size: Number.isFinite(size) ? sizeText(size) : "" };
  const rule =
    types.length > 0 && Number.isFinite(size)
      ? { key: "files.bucketRule", text: "Files must be {{types}} up to {{size}}.", values }
      : types.length > 0
        ? { key: "files.bucketTypesRule", text: "Files must be {{types}}.", values }
        : Number.isFinite(size)
          ? { key: "files.bucketSizeRule", text: "Files may be up to {{size}}.", values }
          : { key: "files.bucketAnyRule", text: "Any file may be uploaded.", values };
  return {
    bucket: bucket.id,
    maxBytes: size,
    mimeTypes: types,
    extensions: [],
    rule,
    public: bucket.public,
    declaredTypeFallback: true,
  };
}
