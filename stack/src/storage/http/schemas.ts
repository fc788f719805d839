// What each storage route accepts, as storage-api's route schemas declare it
// (src/http/routes/{bucket,object,render}/*.ts): bodies and queries validated by
// Fastify with storage-api's Ajv options (shared/validation.ts), the handlers' types
// taken from them. A request that fails is a 400 InvalidRequest worded as Fastify
// words it ("body must have required property 'bucketId'"), as storage-api answers.
import { type Static, type TSchema, Type } from "@sinclair/typebox";
import { LIST_V2_SORT_COLUMNS } from "../list-v2.js";
import { BUCKET_SORT_COLUMNS, LIST_SORT_COLUMNS } from "../queries.js";

/** OpenAPI's `nullable` (an Ajv keyword): null allowed, and a failure still reads "must be array". */
function Nullable<T extends TSchema>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, nullable: true });
}

/** storage-api's `finite: true` on every number it reads (shared/validation.ts). */
const Int = (options: { minimum?: number; maximum?: number } = {}) => Type.Integer({ ...options, finite: true });

const Enum = <T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: "string", enum: [...values] });

/** storage-api's fileSizeLimitSchema: bytes, or a size such as "20MB". */
const FileSizeLimit = Type.Union([
  Nullable(Int({ minimum: 0 })),
  Nullable(Type.String({ pattern: "^[0-9]+(?:\\.[0-9]+)?(?:[gG][bB]|[mM][bB]|[kK][bB]|[bB])$" })),
]);

const AllowedMimeTypes = Nullable(Type.Array(Type.String()));

const BucketSettings = {
  public: Type.Optional(Type.Boolean()),
  file_size_limit: Type.Optional(FileSizeLimit),
  allowed_mime_types: Type.Optional(AllowedMimeTypes),
};

export const BucketParams = Type.Object({ id: Type.String() });

export const CreateBucketBody = Type.Object(
  {
    name: Type.String(),
    id: Type.Optional(Type.String()),
    type: Type.Optional(Enum(["STANDARD", "ANALYTICS"] as const)),
    ...BucketSettings,
  },
  { additionalProperties: true },
);

export const UpdateBucketBody = Type.Object(BucketSettings, {
  additionalProperties: true,
  minProperties: 1,
  anyOf: [{ required: ["public"] }, { required: ["file_size_limit"] }, { required: ["allowed_mime_types"] }],
});

export type BucketSettingsBody = Static<typeof UpdateBucketBody>;

export const ListBucketsQuery = Type.Object({
  limit: Type.Optional(Int({ minimum: 1 })),
  offset: Type.Optional(Int({ minimum: 0 })),
  sortColumn: Type.Optional(Enum(BUCKET_SORT_COLUMNS)),
  sortOrder: Type.Optional(Enum(["asc", "desc"] as const)),
  search: Type.Optional(Type.String()),
});

export const ListObjectsBody = Type.Object({
  prefix: Type.String(),
  limit: Type.Optional(Int({ minimum: 1 })),
  offset: Type.Optional(Int({ minimum: 0 })),
  sortBy: Type.Optional(
    Type.Object({ column: Enum(LIST_SORT_COLUMNS), order: Type.Optional(Enum(["asc", "desc"] as const)) }),
  ),
  search: Type.Optional(Type.String()),
});

export const ListObjectsV2Body = Type.Object({
  prefix: Type.Optional(Type.String()),
  limit: Type.Optional(Int({ minimum: 1 })),
  cursor: Type.Optional(Type.String()),
  with_delimiter: Type.Optional(Type.Boolean()),
  sortBy: Type.Optional(
    Type.Object({ column: Enum(LIST_V2_SORT_COLUMNS), order: Type.Optional(Enum(["asc", "desc"] as const)) }),
  ),
});

/** Move and copy (copy's `metadata`/`copyMetadata` are storage-api's, not used here). */
export const TransferBody = Type.Object({
  bucketId: Type.String(),
  sourceKey: Type.String(),
  destinationBucket: Type.Optional(Type.String()),
  destinationKey: Type.String(),
});

export const DeleteObjectsBody = Type.Object({
  prefixes: Type.Array(Type.String(), { minItems: 1, maxItems: 1000 }),
});

/** storage-api's transformationOptionsSchema, the options the stack renders (transform.ts). */
const TransformOptions = Type.Object({
  height: Type.Optional(Int({ minimum: 0 })),
  width: Type.Optional(Int({ minimum: 0 })),
  resize: Type.Optional(Enum(["cover", "contain", "fill"] as const)),
  format: Type.Optional(Enum(["origin", "avif", "webp"] as const)),
  quality: Type.Optional(Int({ minimum: 20, maximum: 100 })),
});

export const SignObjectBody = Type.Object({
  expiresIn: Int({ minimum: 1 }),
  transform: Type.Optional(TransformOptions),
});

export const SignObjectsBody = Type.Object({
  expiresIn: Int({ minimum: 1 }),
  paths: Type.Array(Type.String(), { minItems: 1, maxItems: 1000 }),
});

/** render/image/{authenticated,public}: the transformation, and `download` as a download has it. */
export const RenderQuery = Type.Composite([TransformOptions, Type.Object({ download: Type.Optional(Type.String()) })]);
