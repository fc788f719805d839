// The request bodies of the 13 vector operations, as storage-api's route schemas
// declare them (src/http/routes/vector/*.ts): TypeBox schemas validated by Fastify
// (shared/validation.ts) without type coercion and without NaN/Infinity, like the
// server, and the operations' body types taken from them. A body that fails is a 400
// InvalidRequest whose message reads like Fastify's ("body/topK must be <= 100").
import { type Static, type TSchema, Type } from "@sinclair/typebox";
import type { FastifySchemaValidationError } from "fastify";
import { LIMITS } from "./limits.js";

const Enum = <T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: "string", enum: [...values] });
const Opt = Type.Optional;

const bucketName = Type.String();
const indexName = Type.String({ minLength: 3, maxLength: 45, pattern: "^[a-z0-9](?:[a-z0-9.-]{1,61})?[a-z0-9]$" });
const vectorKey = Type.String({ minLength: 1, maxLength: LIMITS.keyLength });
const keyList = (max: number) => Type.Array(vectorKey, { minItems: 1, maxItems: max });
const float32 = Type.Array(Type.Number(), { minItems: 1 });
const primitive = Type.Union([Type.String(), Type.Boolean(), Type.Number()]);
const listPage = Type.Number({ minimum: 1, maximum: LIMITS.listCatalogue, default: LIMITS.listCatalogue });

/** The S3 Vectors filter language, recursive through `$ref` (registered once per scope: FILTER_SCHEMAS). */
export const FILTER_SCHEMAS: TSchema[] = [
  Type.Unsafe({ $id: "primitive", anyOf: [{ type: "string" }, { type: "boolean" }, { type: "number" }] }),
  Type.Unsafe({
    $id: "fieldOperators",
    type: "object",
    minProperties: 1,
    propertyNames: { pattern: "^\\$" },
    properties: {
      $eq: { $ref: "primitive#" },
      $ne: { $ref: "primitive#" },
      $gt: { type: "number" },
      $gte: { type: "number" },
      $lt: { type: "number" },
      $lte: { type: "number" },
      $in: { type: "array", minItems: 1, items: { $ref: "primitive#" } },
      $nin: { type: "array", minItems: 1, items: { $ref: "primitive#" } },
      $exists: { type: "boolean" },
    },
    additionalProperties: false,
  }),
  Type.Unsafe({
    $id: "filter",
    anyOf: [
      ...["$and", "$or"].map((op) => ({
        type: "object",
        properties: { [op]: { type: "array", minItems: 1, items: { $ref: "filter#" } } },
        required: [op],
        additionalProperties: false,
      })),
      {
        type: "object",
        minProperties: 1,
        propertyNames: { not: { pattern: "^\\$" } },
        additionalProperties: { anyOf: [{ $ref: "primitive#" }, { $ref: "fieldOperators#" }] },
      },
    ],
  }),
];

/** A filter document; its meaning is checked when it is compiled (filter.ts). */
const filter = Type.Unsafe<Record<string, unknown>>({ $ref: "filter#" });

const bucketOnly = Type.Object({ vectorBucketName: bucketName });
const indexOnly = Type.Object({ vectorBucketName: bucketName, indexName });

export const BODIES = {
  CreateVectorBucket: bucketOnly,
  GetVectorBucket: bucketOnly,
  DeleteVectorBucket: bucketOnly,
  ListVectorBuckets: Type.Object({
    maxResults: Opt(listPage),
    nextToken: Opt(Type.String()),
    prefix: Opt(Type.String()),
  }),
  CreateIndex: Type.Object({
    vectorBucketName: bucketName,
    indexName,
    dataType: Enum(["float32"] as const),
    dimension: Type.Integer({ minimum: 1, maximum: LIMITS.dimension }),
    distanceMetric: Enum(["cosine", "euclidean"] as const),
    metadataConfiguration: Opt(
      Type.Object({
        nonFilterableMetadataKeys: Type.Array(Type.String({ minLength: 1, maxLength: 63 }), {
          minItems: 1,
          maxItems: LIMITS.nonFilterableKeys,
          uniqueItems: true,
        }),
      }),
    ),
  }),
  GetIndex: indexOnly,
  DeleteIndex: indexOnly,
  ListIndexes: Type.Object({
    vectorBucketName: bucketName,
    maxResults: Opt(listPage),
    nextToken: Opt(Type.String()),
    prefix: Opt(Type.String()),
  }),
  PutVectors: Type.Object({
    vectorBucketName: bucketName,
    indexName,
    vectors: Type.Array(
      Type.Object({
        key: vectorKey,
        data: Type.Object({ float32 }),
        metadata: Opt(
          Type.Unsafe<Record<string, unknown>>({
            type: "object",
            additionalProperties: Type.Union([primitive, Type.Array(primitive)]),
          }),
        ),
      }),
      { minItems: 1, maxItems: LIMITS.putVectors },
    ),
  }),
  GetVectors: Type.Object({
    vectorBucketName: bucketName,
    indexName: Type.String(),
    keys: keyList(LIMITS.getVectors),
    returnData: Opt(Type.Boolean({ default: false })),
    returnMetadata: Opt(Type.Boolean({ default: false })),
  }),
  ListVectors: Type.Object({
    vectorBucketName: bucketName,
    indexArn: Opt(Type.String()),
    indexName,
    maxResults: Opt(Type.Integer({ minimum: 1, maximum: LIMITS.listVectors })),
    nextToken: Opt(Type.String()),
    returnData: Opt(Type.Boolean()),
    returnMetadata: Opt(Type.Boolean()),
    segmentCount: Opt(Type.Integer({ minimum: 1, maximum: LIMITS.segments })),
    segmentIndex: Opt(Type.Integer({ minimum: 0, maximum: LIMITS.segments - 1 })),
  }),
  QueryVectors: Type.Object(
    {
      vectorBucketName: bucketName,
      indexArn: Opt(Type.String()),
      indexName,
      queryVector: Type.Object({ float32 }, { additionalProperties: false }),
      topK: Type.Integer({ minimum: 1, maximum: LIMITS.topK }),
      filter: Opt(filter),
      returnDistance: Opt(Type.Boolean()),
      returnMetadata: Opt(Type.Boolean()),
    },
    { additionalProperties: false },
  ),
  DeleteVectors: Type.Object({
    vectorBucketName: bucketName,
    indexName: Type.String(),
    keys: keyList(LIMITS.deleteVectors),
  }),
};

export type Operation = keyof typeof BODIES;
export const OPERATIONS = Object.keys(BODIES) as Operation[];
export type Bodies = { [Op in Operation]: Static<(typeof BODIES)[Op]> };

/** Fastify's words for what is wrong, at most three of them ("body/topK must be <= 100"). */
export function invalidBodyMessage(issues: FastifySchemaValidationError[], part: string): string {
  // anyOf reports every branch; the branch errors say what was wrong, the anyOf line adds nothing.
  const useful = issues.filter((e) => e.keyword !== "anyOf");
  const shown = (useful.length ? useful : issues).slice(0, 3);
  return shown.map((e) => `${part}${e.instancePath} ${e.message ?? "is invalid"}`).join(", ");
}
