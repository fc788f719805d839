-- Vector buckets are a bucket type of their own, as storage-api's tenant migration
-- 0044 adds it. A separate file: a new enum value cannot be used in the transaction
-- that adds it, and 51 uses it as a default.
alter type storage.buckettype add value if not exists 'VECTOR';
