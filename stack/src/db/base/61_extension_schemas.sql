-- The schemas Supabase's image has for the extensions it installs itself (pg_graphql's
-- `graphql`, pgsodium's `pgsodium`): a `supabase db pull` dump says
-- `create extension if not exists "pg_graphql" with schema "graphql"`, which Postgres
-- refuses when the schema is missing, before it looks at the extension
-- (docs/extensions.md). Empty until the extension is created.
create schema if not exists graphql;
create schema if not exists pgsodium;
