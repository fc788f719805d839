// Where Opsdesk's vectors live and how a record becomes one: the bucket `opsdesk`
// with one cosine index per embedded resource, and the text of each record that
// the embedding reads. Used by `embed` (writes) and by `similar`, `duplicates` and
// `merge-customers` (reads), all with the service-role client.
import type { SupabaseClient } from "npm:@supabase/supabase-js@2";
import { customerFields, type Field, productFields, textHashEmbedder } from "./embedding.ts";

export const BUCKET = "opsdesk";
export type EmbeddedResource = "products" | "customers";
export const RESOURCES: EmbeddedResource[] = ["products", "customers"];
export const embedder = textHashEmbedder;

export interface ProductRecord {
  id: number;
  sku: string;
  name: string;
  description: string | null;
  tags: string[] | null;
  status: string;
  category: { name: string } | null;
}

export interface CustomerRecord {
  id: string;
  full_name: string;
  email: string;
  version: number;
}

/** The columns read for each resource, and the text and metadata of one record. */
export const SHAPES = {
  products: {
    select: "id, sku, name, description, tags, status, category:categories(name)",
    fields: (p: ProductRecord): Field[] => productFields({ ...p, category: p.category?.name ?? null }),
    metadata: (p: ProductRecord) => ({ name: p.name, sku: p.sku, status: p.status }),
  },
  customers: {
    select: "id, full_name, email, version",
    fields: (c: CustomerRecord): Field[] => customerFields(c),
    metadata: (c: CustomerRecord) => ({ full_name: c.full_name, email: c.email }),
  },
} as const;

let indexesReady: Promise<void> | undefined;

/** Creates the bucket and its indexes if they are missing (once per function instance). */
export function ensureIndexes(service: SupabaseClient): Promise<void> {
  indexesReady ??= (async () => {
    const vectors = service.storage.vectors;
    const bucket = await vectors.createBucket(BUCKET);
    if (bucket.error && bucket.error.statusCode !== "409") throw bucket.error;
    for (const indexName of RESOURCES) {
      const index = await vectors.from(BUCKET).createIndex({
        indexName,
        dataType: "float32",
        dimension: embedder.dimension,
        distanceMetric: "cosine",
      });
      if (index.error && index.error.statusCode !== "409") throw index.error;
    }
  })().catch((err) => {
    indexesReady = undefined;
    throw err;
  });
  return indexesReady;
}

export function indexOf(service: SupabaseClient, resource: EmbeddedResource) {
  return service.storage.vectors.from(BUCKET).index(resource);
}
