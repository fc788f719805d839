// The 13 operations of /storage/v1/vector, each a POST with a JSON body, answering
// as storage-api does: mutations with 200 and an empty body, reads with JSON.
import { epochSeconds, type VectorCatalog } from "./catalog.js";
import { VECTOR_ERRORS } from "./errors.js";
import { compileFilter, type Filter } from "./filter.js";
import { LIMITS } from "./limits.js";
import type { DistanceMetric, Metadata } from "./scan.js";
import type { Operation } from "./schemas.js";
import { nonFilterableKeys, toFloat32, type VectorInput, type VectorStore } from "./store.js";

// Bodies have passed their schema (schemas.ts), so fields have the declared types.
// biome-ignore lint/suspicious/noExplicitAny: the schema is the type
type Body = Record<string, any>;
/** undefined: 200 with an empty body. */
type Handler = (body: Body) => Promise<object | undefined>;

export function operations(catalog: VectorCatalog, store: VectorStore): Record<Operation, Handler> {
  const indexOf = (body: Body) => catalog.getIndex(body.vectorBucketName, body.indexName);
  return {
    async CreateVectorBucket(body) {
      await catalog.createBucket(body.vectorBucketName);
      return undefined;
    },
    async GetVectorBucket(body) {
      const bucket = await catalog.getBucket(body.vectorBucketName);
      return { vectorBucket: { vectorBucketName: bucket.name, creationTime: epochSeconds(bucket.created_at) } };
    },
    async ListVectorBuckets(body) {
      const page = await catalog.listBuckets(body as { maxResults: number });
      return {
        vectorBuckets: page.rows.map((b) => ({ vectorBucketName: b.name, creationTime: epochSeconds(b.created_at) })),
        ...(page.nextToken ? { nextToken: page.nextToken } : {}),
      };
    },
    async DeleteVectorBucket(body) {
      await catalog.deleteBucket(body.vectorBucketName);
      return undefined;
    },
    async CreateIndex(body) {
      await catalog.createIndex(body as Parameters<VectorCatalog["createIndex"]>[0]);
      return undefined;
    },
    async GetIndex(body) {
      const index = await indexOf(body);
      return {
        index: {
          indexName: index.name,
          vectorBucketName: index.bucket_id,
          dataType: index.data_type,
          dimension: index.dimension,
          distanceMetric: index.distance_metric,
          metadataConfiguration: index.metadata_configuration,
          creationTime: epochSeconds(index.created_at),
        },
      };
    },
    async ListIndexes(body) {
      const page = await catalog.listIndexes(body.vectorBucketName, body as { maxResults: number });
      return {
        indexes: page.rows.map((i) => ({
          indexName: i.name,
          vectorBucketName: i.bucket_id,
          creationTime: epochSeconds(i.created_at),
        })),
        ...(page.nextToken ? { nextToken: page.nextToken } : {}),
      };
    },
    async DeleteIndex(body) {
      const index = await catalog.deleteIndex(body.vectorBucketName, body.indexName);
      await store.forget(index.id);
      return undefined;
    },
    async PutVectors(body) {
      await store.put(await indexOf(body), body.vectors as VectorInput[]);
      return undefined;
    },
    async GetVectors(body) {
      const vectors = await store.get(await indexOf(body), body.keys, body.returnData, body.returnMetadata);
      return { vectors };
    },
    async ListVectors(body) {
      const hasCount = body.segmentCount !== undefined;
      if (hasCount !== (body.segmentIndex !== undefined)) {
        throw VECTOR_ERRORS.invalidParameter("segmentCount and segmentIndex must be provided together");
      }
      if (hasCount && body.segmentIndex >= body.segmentCount) {
        throw VECTOR_ERRORS.invalidParameter(
          `segmentIndex must be an integer in [0, ${body.segmentCount - 1}], got: ${body.segmentIndex}`,
        );
      }
      const index = await indexOf(body);
      return store.list(index, {
        maxResults: body.maxResults ?? LIMITS.listVectorsDefault,
        nextToken: body.nextToken,
        segment: hasCount ? { count: body.segmentCount, index: body.segmentIndex } : undefined,
        returnData: body.returnData === true,
        returnMetadata: body.returnMetadata === true,
      });
    },
    async QueryVectors(body) {
      const index = await indexOf(body);
      const accept = body.filter ? compileFilter(body.filter as Filter, nonFilterableKeys(index)) : undefined;
      const query = toFloat32(body.queryVector.float32, index, "queryVector");
      const found = await store.query(index, query, body.topK, accept);
      return {
        vectors: found.map((v) => {
          const out: { key: string; distance?: number; metadata?: Metadata } = { key: v.key };
          if (body.returnDistance) out.distance = v.distance;
          if (body.returnMetadata) out.metadata = v.metadata;
          return out;
        }),
        distanceMetric: index.distance_metric as DistanceMetric,
      };
    },
    async DeleteVectors(body) {
      await store.delete(await indexOf(body), body.keys);
      return undefined;
    },
  };
}
