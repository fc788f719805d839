// Nearest records by their vectors, for the console's functions: the query runs
// with the service key (only it may read vector buckets), the records it names are
// then read as the caller, so RLS still decides what they see.
import type { SupabaseClient } from "npm:@supabase/supabase-js@2";
import { HttpError } from "./http.ts";
import { round } from "./pairs.ts";
import { type EmbeddedResource, indexOf } from "./vectors.ts";

export interface Neighbour {
  key: string;
  /** Cosine similarity, 1 − the index's cosine distance, rounded to 3 places. */
  similarity: number;
}

/** docs/product.md §11: customers at least this alike are possible duplicates (the default). */
export const DUPLICATE_THRESHOLD = 0.85;

/** A request's threshold, or the default; 400 when it is not a number in 0…1. */
export function thresholdOf(value: unknown): number {
  if (value === undefined) return DUPLICATE_THRESHOLD;
  if (typeof value !== "number" || !(value >= 0 && value <= 1))
    throw new HttpError("OPSDESK_BAD_REQUEST", "threshold must be 0…1.");
  return value;
}

export { round };

export async function nearest(
  service: SupabaseClient,
  resource: EmbeddedResource,
  query: number[],
  topK: number,
): Promise<Neighbour[]> {
  const { data, error } = await indexOf(service, resource).queryVectors({
    queryVector: { float32: query },
    topK,
    returnDistance: true,
  });
  if (error) throw new Error(`querying ${resource}: ${error.message}`);
  return data.vectors.map((v) => ({ key: v.key, similarity: round(1 - (v.distance ?? 1)) }));
}
