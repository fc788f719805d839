// A file field's stored object in a list or on a record page: a small thumbnail for an image
// (a public bucket's URL, or a signed one for a private bucket), a download link otherwise.
import { StoredFile } from "./files/StoredFile";
import { useBucketLimits } from "./files/useBucketLimits";

export function StorageImage({ bucket, path }: { bucket: string; path: string }) {
  const limits = useBucketLimits(bucket);
  return <StoredFile limits={limits} path={path} size={64} alt={path} />;
}
