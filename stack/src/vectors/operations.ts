// The 13 operations of /storage/v1/vector, each a POST with a JSON body, answering
// as storage-api does: mutations with 200 and an empty body, reads with JSON.
import { epochSeconds, type VectorCatalog } from "./catalog.js";
import { VECTOR_ERRORS } from "./errors.js";
import { compileFilter, type Filter } from "./filter.js";
import { LIMITS } from "./limits.js";
import type { DistanceMetric, Metadata } from "./scan.js";
import type { Bodies, Operation } from "./schemas.js";
import { nonFilterableKeys, toFloat32, type VectorStore } from "./store.js";

/** Each operation on its body, typed by its schema (schemas.ts); undefined: 200 with an empty body. */
export type Handlers = { [Op in Operation]: (body: Bodies[Op]) => Promise<object | undefined> };

export function operations(catalog: VectorCatalog, store: VectorStore): Handlers {
  const indexOf = (body: { vectorBucketName: string; indexName: string }) =>
    catalog.getIndex(body.vectorBucketName, body.indexName);
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
      const page = await catalog.listBuckets({ ...body, maxResults: body.maxResults ?? LIMITS.listCatalogue });
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
      await catalog.createIndex(body);
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
      const page = await catalog.listIndexes(body.vectorBucketName, {
        ...body,
        maxResults: body.maxResults ?? LIMITS.listCatalogue,
      });
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
      await store.put(await indexOf(body), body.vectors);
      return undefined;
    },
    async GetVectors(body) {
      const vectors = await store.get(
        await indexOf(body),
        body.keys,
        body.returnData ?? false,
        body.returnMetadata ?? false,
      );
      return { vectors };
    },
    async ListVectors(body) {
      const { segmentCount: count, segmentIndex: at } = body;
      if ((count === undefined) !== (at === undefined)) {
        throw VECTOR_ERRORS.invalidParameter("segmentCount and segmentIndex must be provided together");
      }
      if (count !== undefined && at !== undefined && at >= count) {
        throw VECTOR_ERRORS.invalidParameter(`segmentIndex must be an integer in [0, ${count - 1}], got: ${at}`);
      }
      const index = await indexOf(body);
      return store.list(index, {
        maxResults: body.maxResults ?? LIMITS.listVectorsDefault,
        nextToken: body.nextToken,
        segment: count !== undefined && at !== undefined ? { count, index: at } : undefined,
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
