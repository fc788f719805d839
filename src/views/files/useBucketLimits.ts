// A bucket's upload limits for a file field: the demo's buckets from their compiled mirror
// (limits.ts), a file column's bucket on a project with Opsdesk installed from the bucket itself
// (opsdesk.file_buckets(), docs/any-project.md "File columns"). Until that answer is in, or for a
// bucket it does not know, nothing is refused in the browser: Storage checks every upload.
import { useQuery } from "@tanstack/react-query";
import { backend } from "../../providers/backend";
import { type BucketLimits, knownLimits } from "./limits";
import { limitsFromBucket } from "./liveLimits";

export const FILE_BUCKETS_QUERY = ["opsdesk-file-buckets"];

export function useBucketLimits(bucket: string | undefined): BucketLimits {
  const known = knownLimits(bucket);
  const live = useQuery({
    queryKey: FILE_BUCKETS_QUERY,
    queryFn: () => backend.tables.fileBuckets(),
    enabled: bucket !== undefined && known === undefined,
    staleTime: 60_000,
  });
  if (known) return known;
  const row = live.data?.find((b) => b.id === bucket);
  return limitsFromBucket(row ?? { id: bucket ?? "", public: false, file_size_limit: null, allowed_mime_types: null });
}
