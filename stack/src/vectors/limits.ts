// The limits of the vector API, storage-api's (src/storage/protocols/vector/limits.ts
// and the route schemas), which are Amazon S3 Vectors' limits.
export const LIMITS = {
  /** Dimensions of an index (S3 Vectors; storage-api's pgvector backend stops at 4000). */
  dimension: 4096,
  nonFilterableKeys: 10,
  keyLength: 1024,
  putVectors: 500,
  getVectors: 100,
  deleteVectors: 500,
  listVectors: 1000,
  listVectorsDefault: 500,
  /** ListVectorBuckets / ListIndexes page size (and default). */
  listCatalogue: 500,
  segments: 16,
  topK: 100,
  metadataKeys: 50,
  metadataBytes: 40 * 1024,
  filterableMetadataBytes: 2048,
  /** PutVectors body, as storage-api's route sets it. */
  putBodyBytes: 20 * 1024 * 1024,
} as const;
