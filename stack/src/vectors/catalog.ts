// Vector buckets and indexes: rows in storage.buckets_vectors and
// storage.vector_indexes, created, read, listed and deleted with storage-api's rules
// (quotas checked under a lock, 409 on a duplicate, a bucket deleted only when empty,
// deleting a missing bucket is not an error but deleting a missing index is).
import type pg from "pg";
import { VECTOR_ERRORS } from "./errors.js";
import type { DistanceMetric } from "./scan.js";

export interface VectorIndexRow {
  id: string;
  name: string;
  bucket_id: string;
  data_type: string;
  dimension: number;
  distance_metric: DistanceMetric;
  metadata_configuration: { nonFilterableMetadataKeys?: string[] } | null;
  created_at: Date;
}

export interface Page {
  prefix?: string;
  maxResults: number;
  nextToken?: string;
}

export const epochSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** Runs `fn` in one transaction on a client of `pool`. */
export async function transaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    const result = await fn(client);
    await client.query("commit");
    return result;
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === "23505";

/** Rows named after `token` (exclusive), starting with `prefix`, one more than a page to know if more exist. */
function pageOf<T extends { name: string }>(rows: T[], page: Page): { rows: T[]; nextToken?: string } {
  const more = rows.length > page.maxResults;
  const shown = rows.slice(0, page.maxResults);
  return { rows: shown, nextToken: more && shown.length ? shown[shown.length - 1].name : undefined };
}

export class VectorCatalog {
  /**
   * Index rows by bucket and name, read once instead of on every request (the stack
   * is the only writer of these tables). Forgotten when an index is created or
   * deleted; `generation` keeps a read that raced such a change from caching its row.
   */
  private readonly indexes = new Map<string, VectorIndexRow>();
  private generation = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly limits: { maxBuckets: number; maxIndexes: number },
  ) {}

  async createBucket(name: string): Promise<void> {
    await transaction(this.pool, async (tx) => {
      await tx.query("select pg_advisory_xact_lock(hashtext('storage.buckets_vectors'))");
      const { rows } = await tx.query<{ count: number; taken: boolean }>(
        "select count(*)::int as count, bool_or(id = $1) as taken from storage.buckets_vectors",
        [name],
      );
      if (rows[0].taken) throw VECTOR_ERRORS.conflict("vector bucket", name);
      if (rows[0].count >= this.limits.maxBuckets) throw VECTOR_ERRORS.maxBuckets(this.limits.maxBuckets);
      await tx.query("insert into storage.buckets_vectors (id) values ($1)", [name]);
    });
  }

  async getBucket(name: string): Promise<{ name: string; created_at: Date }> {
    const { rows } = await this.pool.query<{ name: string; created_at: Date }>(
      "select id as name, created_at from storage.buckets_vectors where id = $1",
      [name],
    );
    if (!rows[0]) throw VECTOR_ERRORS.notFound(name);
    return rows[0];
  }

  async listBuckets(page: Page) {
    const { rows } = await this.pool.query<{ name: string; created_at: Date }>(
      `select id as name, created_at from storage.buckets_vectors
        where starts_with(id, coalesce($1, '')) and ($2::text is null or id > $2)
        order by id limit $3`,
      [page.prefix ?? null, page.nextToken ?? null, page.maxResults + 1],
    );
    return pageOf(rows, page);
  }

  async deleteBucket(name: string): Promise<void> {
    await transaction(this.pool, async (tx) => {
      await tx.query("select pg_advisory_xact_lock(hashtext('storage.buckets_vectors'))");
      const { rows } = await tx.query("select 1 from storage.vector_indexes where bucket_id = $1 limit 1", [name]);
      if (rows.length) throw VECTOR_ERRORS.bucketNotEmpty(name);
      await tx.query("delete from storage.buckets_vectors where id = $1", [name]);
    });
  }

  async createIndex(input: {
    vectorBucketName: string;
    indexName: string;
    dataType: string;
    dimension: number;
    distanceMetric: DistanceMetric;
    metadataConfiguration?: { nonFilterableMetadataKeys: string[] };
  }): Promise<void> {
    try {
      await transaction(this.pool, async (tx) => {
        const bucket = await tx.query("select 1 from storage.buckets_vectors where id = $1 for update", [
          input.vectorBucketName,
        ]);
        if (!bucket.rows.length) throw VECTOR_ERRORS.notFound(input.vectorBucketName);
        const { rows } = await tx.query<{ count: number; taken: boolean }>(
          "select count(*)::int as count, bool_or(name = $2) as taken from storage.vector_indexes where bucket_id = $1",
          [input.vectorBucketName, input.indexName],
        );
        if (rows[0].taken) throw VECTOR_ERRORS.conflict("vector index", input.indexName);
        if (rows[0].count >= this.limits.maxIndexes) throw VECTOR_ERRORS.maxIndexes(this.limits.maxIndexes);
        await tx.query(
          `insert into storage.vector_indexes (name, bucket_id, data_type, dimension, distance_metric, metadata_configuration)
           values ($1, $2, $3, $4, $5, $6)`,
          [
            input.indexName,
            input.vectorBucketName,
            input.dataType,
            input.dimension,
            input.distanceMetric,
            input.metadataConfiguration ? JSON.stringify(input.metadataConfiguration) : null,
          ],
        );
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw VECTOR_ERRORS.conflict("vector index", input.indexName);
      throw err;
    } finally {
      this.forgetIndexes();
    }
  }

  async getIndex(bucket: string, name: string): Promise<VectorIndexRow> {
    const cacheKey = JSON.stringify([bucket, name]);
    const cached = this.indexes.get(cacheKey);
    if (cached) return cached;
    const generation = this.generation;
    const { rows } = await this.pool.query<VectorIndexRow>(
      `select id, name, bucket_id, data_type, dimension, distance_metric, metadata_configuration, created_at
         from storage.vector_indexes where bucket_id = $1 and name = $2`,
      [bucket, name],
    );
    if (!rows[0]) throw VECTOR_ERRORS.notFound(name);
    if (generation === this.generation) this.indexes.set(cacheKey, rows[0]);
    return rows[0];
  }

  /** Drops every cached index row: an index was created or deleted (or found missing). */
  forgetIndexes(): void {
    this.generation++;
    this.indexes.clear();
  }

  async listIndexes(bucket: string, page: Page) {
    const { rows } = await this.pool.query<{ name: string; bucket_id: string; created_at: Date }>(
      `select name, bucket_id, created_at from storage.vector_indexes
        where bucket_id = $1 and starts_with(name, coalesce($2, '')) and ($3::text is null or name > $3)
        order by name limit $4`,
      [bucket, page.prefix ?? null, page.nextToken ?? null, page.maxResults + 1],
    );
    return pageOf(rows, page);
  }

  /** Deletes the index row; its vectors go with it (foreign key cascade). Returns the row. */
  async deleteIndex(bucket: string, name: string): Promise<VectorIndexRow> {
    const index = await this.getIndex(bucket, name);
    try {
      await this.pool.query("delete from storage.vector_indexes where id = $1", [index.id]);
    } finally {
      this.forgetIndexes();
    }
    return index;
  }
}
