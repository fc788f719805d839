// The vectors of every index: durable in storage_vectors.vectors, searched in memory.
// Each write commits in Postgres first and only then changes the in-memory copy, so
// a kill -9 loses nothing that was acknowledged, and the copy is rebuilt from
// Postgres the first time an index is searched after a start. Writes to one index
// are serialised (one in-process lock per index), so the copy applies them in the
// order Postgres committed them.
import type pg from "pg";
import { transaction, type VectorIndexRow } from "./catalog.js";
import { VECTOR_ERRORS } from "./errors.js";
import { LIMITS } from "./limits.js";
import { MemoryIndex, type Metadata, type Neighbour, norm } from "./scan.js";

interface VectorInput {
  key: string;
  data: { float32: number[] };
  metadata?: Metadata;
}

interface StoredVector {
  key: string;
  data?: { float32: number[] };
  metadata?: Metadata;
}

const LOAD_BATCH = 10_000;

const toBytes = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);
const fromBytes = (b: Buffer) => new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));

export function nonFilterableKeys(index: VectorIndexRow): ReadonlySet<string> {
  return new Set(index.metadata_configuration?.nonFilterableMetadataKeys ?? []);
}

/** A request vector as float32, or the 400 that says why it cannot be stored in `index`. */
export function toFloat32(values: number[], index: VectorIndexRow, what: string): Float32Array {
  if (values.length !== index.dimension) {
    throw VECTOR_ERRORS.invalidParameter(
      `${what}: the vector has ${values.length} dimensions, the index expects ${index.dimension}`,
    );
  }
  const vector = Float32Array.from(values);
  // Finite doubles beyond float32's range would become Infinity.
  if (!vector.every(Number.isFinite)) throw VECTOR_ERRORS.invalidParameter(`${what}: values must be finite float32`);
  if (index.distance_metric === "cosine" && norm(vector) === 0) {
    throw VECTOR_ERRORS.invalidParameter(`${what}: a zero vector has no cosine distance`);
  }
  return vector;
}

function checkMetadata(key: string, metadata: Metadata, nonFilterable: ReadonlySet<string>): void {
  const invalid = (rule: string) => VECTOR_ERRORS.invalidParameter(`Invalid record for key '${key}': ${rule}`);
  if (Object.keys(metadata).length > LIMITS.metadataKeys) {
    throw invalid(`Metadata must have at most ${LIMITS.metadataKeys} keys`);
  }
  if (Buffer.byteLength(JSON.stringify(metadata)) > LIMITS.metadataBytes) {
    throw invalid(`Total metadata must have at most ${LIMITS.metadataBytes} bytes`);
  }
  const filterable = Object.fromEntries(Object.entries(metadata).filter(([k]) => !nonFilterable.has(k)));
  if (Buffer.byteLength(JSON.stringify(filterable)) > LIMITS.filterableMetadataBytes) {
    throw invalid(`Filterable metadata must have at most ${LIMITS.filterableMetadataBytes} bytes`);
  }
}

export class VectorStore {
  private readonly loaded = new Map<string, MemoryIndex>();
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(private readonly pool: pg.Pool) {}

  /** Runs `fn` after every earlier locked call on the same index has finished. */
  private locked<T>(indexId: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(indexId) ?? Promise.resolve();
    const next = previous.then(fn, fn);
    const settled = next.catch(() => {});
    this.locks.set(indexId, settled);
    void settled.then(() => {
      if (this.locks.get(indexId) === settled) this.locks.delete(indexId);
    });
    return next;
  }

  async put(index: VectorIndexRow, vectors: VectorInput[]): Promise<void> {
    const seen = new Set<string>();
    const nonFilterable = nonFilterableKeys(index);
    const rows = vectors.map((v) => {
      if (seen.has(v.key)) throw VECTOR_ERRORS.invalidParameter("Request must not contain duplicate keys");
      seen.add(v.key);
      const metadata = v.metadata ?? {};
      checkMetadata(v.key, metadata, nonFilterable);
      return { key: v.key, vector: toFloat32(v.data.float32, index, `Invalid record for key '${v.key}'`), metadata };
    });
    await this.locked(index.id, async () => {
      try {
        await this.pool.query(
          `insert into storage_vectors.vectors (index_id, key, data, metadata)
           select $1, k, d, m from unnest($2::text[], $3::bytea[], $4::jsonb[]) as t(k, d, m)
           on conflict (index_id, key) do update set data = excluded.data, metadata = excluded.metadata`,
          [
            index.id,
            rows.map((r) => r.key),
            rows.map((r) => toBytes(r.vector)),
            rows.map((r) => JSON.stringify(r.metadata)),
          ],
        );
      } catch (err) {
        // The index was deleted while this request was on its way.
        if ((err as { code?: string }).code === "23503") throw VECTOR_ERRORS.notFound(index.name);
        throw err;
      }
      const memory = this.loaded.get(index.id);
      for (const r of rows) memory?.upsert(r.key, r.vector, r.metadata);
    });
  }

  async delete(index: VectorIndexRow, keys: string[]): Promise<void> {
    await this.locked(index.id, async () => {
      await this.pool.query("delete from storage_vectors.vectors where index_id = $1 and key = any($2::text[])", [
        index.id,
        keys,
      ]);
      const memory = this.loaded.get(index.id);
      for (const key of keys) memory?.remove(key);
    });
  }

  async get(index: VectorIndexRow, keys: string[], returnData: boolean, returnMetadata: boolean) {
    const { rows } = await this.pool.query<{ key: string; data: Buffer; metadata: Metadata }>(
      `select key, case when $3 then data end as data, case when $4 then metadata end as metadata
         from storage_vectors.vectors where index_id = $1 and key = any($2::text[])`,
      [index.id, keys, returnData, returnMetadata],
    );
    const byKey = new Map(rows.map((r) => [r.key, r]));
    return keys.flatMap((key) => {
      const row = byKey.get(key);
      return row ? [this.shape(row, returnData, returnMetadata)] : [];
    });
  }

  async list(
    index: VectorIndexRow,
    options: {
      maxResults: number;
      nextToken?: string;
      segment?: { count: number; index: number };
      returnData: boolean;
      returnMetadata: boolean;
    },
  ): Promise<{ vectors: StoredVector[]; nextToken?: string }> {
    const { rows } = await this.pool.query<{ key: string; data: Buffer; metadata: Metadata }>(
      `select key, case when $5 then data end as data, case when $6 then metadata end as metadata
         from storage_vectors.vectors
        where index_id = $1 and ($2::text is null or key > $2)
          and ($3::int is null or mod(abs(hashtext(key)::bigint), $3) = $4)
        order by key limit $7`,
      [
        index.id,
        options.nextToken ?? null,
        options.segment?.count ?? null,
        options.segment?.index ?? null,
        options.returnData,
        options.returnMetadata,
        options.maxResults + 1,
      ],
    );
    const page = rows.slice(0, options.maxResults);
    return {
      vectors: page.map((r) => this.shape(r, options.returnData, options.returnMetadata)),
      nextToken: rows.length > options.maxResults ? page[page.length - 1].key : undefined,
    };
  }

  async query(
    index: VectorIndexRow,
    query: Float32Array,
    topK: number,
    accept?: (metadata: Metadata) => boolean,
  ): Promise<Neighbour[]> {
    const memory = this.loaded.get(index.id) ?? (await this.locked(index.id, () => this.load(index)));
    return memory.search(query, topK, accept);
  }

  /** Forgets an index's in-memory copy (its rows are gone with the index). */
  async forget(indexId: string): Promise<void> {
    await this.locked(indexId, async () => {
      this.loaded.delete(indexId);
    });
  }

  /** Builds the in-memory copy from Postgres, in key order, a batch at a time. */
  private async load(index: VectorIndexRow): Promise<MemoryIndex> {
    const existing = this.loaded.get(index.id);
    if (existing) return existing;
    const memory = await MemoryIndex.create(index.dimension, index.distance_metric);
    await transaction(this.pool, async (tx) => {
      await tx.query("set transaction isolation level repeatable read, read only");
      let after: string | null = null;
      for (;;) {
        const { rows }: pg.QueryResult<{ key: string; data: Buffer; metadata: Metadata }> = await tx.query(
          `select key, data, metadata from storage_vectors.vectors
            where index_id = $1 and ($2::text is null or key > $2) order by key limit $3`,
          [index.id, after, LOAD_BATCH],
        );
        for (const r of rows) memory.upsert(r.key, fromBytes(r.data), r.metadata);
        if (rows.length < LOAD_BATCH) break;
        after = rows[rows.length - 1].key;
      }
    });
    this.loaded.set(index.id, memory);
    return memory;
  }

  private shape(
    row: { key: string; data: Buffer | null; metadata: Metadata | null },
    returnData: boolean,
    returnMetadata: boolean,
  ): StoredVector {
    const out: StoredVector = { key: row.key };
    if (returnData && row.data) out.data = { float32: Array.from(fromBytes(row.data)) };
    if (returnMetadata) out.metadata = row.metadata ?? {};
    return out;
  }
}
