-- Vector buckets and indexes as storage-api's tenant migration 0045 creates them,
-- and the vectors themselves in the stack's own schema `storage_vectors` (hosted
-- Supabase keeps them in Amazon S3 Vectors or its pgvector database; nothing of it
-- is reachable through PostgREST). Only the stack's /storage/v1/vector service
-- touches these tables, as the superuser; the API roles may read the catalogue,
-- as on the platform.
create table storage.buckets_vectors (
  id text collate "C" not null primary key,
  type storage.buckettype not null default 'VECTOR',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table storage.vector_indexes (
  id text primary key default gen_random_uuid(),
  name text collate "C" not null,
  -- Hosted storage refuses to delete a bucket that still has indexes; the cascade
  -- only makes sure nothing can outlive its bucket.
  bucket_id text not null references storage.buckets_vectors (id) on delete cascade,
  data_type text not null,
  dimension integer not null,
  distance_metric text not null,
  metadata_configuration jsonb null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index vector_indexes_name_bucket_id_idx on storage.vector_indexes (name, bucket_id);

alter table storage.buckets_vectors enable row level security;
alter table storage.vector_indexes enable row level security;
grant select on storage.buckets_vectors, storage.vector_indexes to anon, authenticated, service_role;

create schema storage_vectors;
comment on schema storage_vectors is 'Vectors of the stack''s vector buckets: reached only through /storage/v1/vector';

-- One row per vector: float32 little-endian in `data` (compact, and loaded into the
-- stack's in-memory search without parsing), metadata as given.
create table storage_vectors.vectors (
  index_id text not null references storage.vector_indexes (id) on delete cascade,
  key text collate "C" not null,
  data bytea not null,
  metadata jsonb not null default '{}',
  primary key (index_id, key)
);
alter table storage_vectors.vectors enable row level security;
