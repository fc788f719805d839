// The request bodies of the 13 vector operations, as storage-api's route schemas
// declare them (src/http/routes/vector/*.ts), validated by Ajv without type
// coercion and without NaN/Infinity, like the server. A body that fails is a 400
// InvalidRequest whose message reads like Fastify's ("body/topK must be <= 100").
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { LIMITS } from "./limits.js";

const bucketName = { type: "string" } as const;
const indexName = {
  type: "string",
  minLength: 3,
  maxLength: 45,
  pattern: "^[a-z0-9](?:[a-z0-9.-]{1,61})?[a-z0-9]$",
} as const;
const vectorKey = { type: "string", minLength: 1, maxLength: LIMITS.keyLength } as const;
const keyList = (max: number) => ({ type: "array", minItems: 1, maxItems: max, items: vectorKey }) as const;
const float32 = { type: "array", minItems: 1, items: { type: "number" } } as const;
const primitive = { anyOf: [{ type: "string" }, { type: "boolean" }, { type: "number" }] } as const;
const listPage = { type: "number", minimum: 1, maximum: LIMITS.listCatalogue, default: LIMITS.listCatalogue } as const;

const filterSchemas = [
  { $id: "primitive", ...primitive },
  {
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
  },
  {
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
  },
];

const bodies = {
  CreateVectorBucket: { properties: { vectorBucketName: bucketName }, required: ["vectorBucketName"] },
  GetVectorBucket: { properties: { vectorBucketName: bucketName }, required: ["vectorBucketName"] },
  DeleteVectorBucket: { properties: { vectorBucketName: bucketName }, required: ["vectorBucketName"] },
  ListVectorBuckets: {
    properties: { maxResults: listPage, nextToken: { type: "string" }, prefix: { type: "string" } },
  },
  CreateIndex: {
    properties: {
      vectorBucketName: bucketName,
      indexName,
      dataType: { type: "string", enum: ["float32"] },
      dimension: { type: "integer", minimum: 1, maximum: LIMITS.dimension },
      distanceMetric: { type: "string", enum: ["cosine", "euclidean"] },
      metadataConfiguration: {
        type: "object",
        required: ["nonFilterableMetadataKeys"],
        properties: {
          nonFilterableMetadataKeys: {
            type: "array",
            minItems: 1,
            maxItems: LIMITS.nonFilterableKeys,
            uniqueItems: true,
            items: { type: "string", minLength: 1, maxLength: 63 },
          },
        },
      },
    },
    required: ["dataType", "dimension", "distanceMetric", "indexName", "vectorBucketName"],
  },
  GetIndex: { properties: { vectorBucketName: bucketName, indexName }, required: ["vectorBucketName", "indexName"] },
  DeleteIndex: { properties: { vectorBucketName: bucketName, indexName }, required: ["vectorBucketName", "indexName"] },
  ListIndexes: {
    properties: {
      vectorBucketName: bucketName,
      maxResults: listPage,
      nextToken: { type: "string" },
      prefix: { type: "string" },
    },
    required: ["vectorBucketName"],
  },
  PutVectors: {
    properties: {
      vectorBucketName: bucketName,
      indexName,
      vectors: {
        type: "array",
        minItems: 1,
        maxItems: LIMITS.putVectors,
        items: {
          type: "object",
          properties: {
            key: vectorKey,
            data: { type: "object", properties: { float32 }, required: ["float32"] },
            metadata: {
              type: "object",
              additionalProperties: { anyOf: [primitive, { type: "array", items: primitive }] },
            },
          },
          required: ["data", "key"],
        },
      },
    },
    required: ["vectorBucketName", "indexName", "vectors"],
  },
  GetVectors: {
    properties: {
      vectorBucketName: bucketName,
      indexName: { type: "string" },
      keys: keyList(LIMITS.getVectors),
      returnData: { type: "boolean", default: false },
      returnMetadata: { type: "boolean", default: false },
    },
    required: ["indexName", "keys", "vectorBucketName"],
  },
  ListVectors: {
    properties: {
      vectorBucketName: bucketName,
      indexArn: { type: "string" },
      indexName,
      maxResults: { type: "integer", minimum: 1, maximum: LIMITS.listVectors },
      nextToken: { type: "string" },
      returnData: { type: "boolean" },
      returnMetadata: { type: "boolean" },
      segmentCount: { type: "integer", minimum: 1, maximum: LIMITS.segments },
      segmentIndex: { type: "integer", minimum: 0, maximum: LIMITS.segments - 1 },
    },
    required: ["vectorBucketName", "indexName"],
  },
  QueryVectors: {
    properties: {
      vectorBucketName: bucketName,
      indexArn: { type: "string" },
      indexName,
      queryVector: { type: "object", properties: { float32 }, required: ["float32"], additionalProperties: false },
      topK: { type: "integer", minimum: 1, maximum: LIMITS.topK },
      filter: { $ref: "filter#" },
      returnDistance: { type: "boolean" },
      returnMetadata: { type: "boolean" },
    },
    required: ["vectorBucketName", "indexName", "queryVector", "topK"],
    additionalProperties: false,
  },
  DeleteVectors: {
    properties: { vectorBucketName: bucketName, indexName: { type: "string" }, keys: keyList(LIMITS.deleteVectors) },
    required: ["vectorBucketName", "indexName", "keys"],
  },
} as const;

export type Operation = keyof typeof bodies;
export const OPERATIONS = Object.keys(bodies) as Operation[];

let ajv: Ajv | undefined;
const validators = new Map<Operation, ValidateFunction>();

/** Each operation's validator, compiled on its first request (not at start-up). */
function validatorOf(op: Operation): ValidateFunction {
  let validate = validators.get(op);
  if (!validate) {
    if (!ajv) {
      ajv = new Ajv({ allErrors: true, coerceTypes: false, strictNumbers: true, useDefaults: true, strict: false });
      for (const schema of filterSchemas) ajv.addSchema(schema);
    }
    validate = ajv.compile({ type: "object", ...bodies[op] });
    validators.set(op, validate);
  }
  return validate;
}

/** The body if it is valid for `op`, else the Fastify-style message of what is wrong. */
export function validateBody(op: Operation, body: unknown): { ok: true } | { ok: false; message: string } {
  const validate = validatorOf(op);
  if (validate(body)) return { ok: true };
  return { ok: false, message: formatErrors(validate.errors ?? []) };
}

function formatErrors(errors: ErrorObject[]): string {
  // anyOf reports every branch; the branch errors say what was wrong, the anyOf line adds nothing.
  const useful = errors.filter((e) => e.keyword !== "anyOf");
  const shown = (useful.length ? useful : errors).slice(0, 3);
  return shown.map((e) => `body${e.instancePath} ${e.message ?? "is invalid"}`).join(", ");
}
