-- Search text (issue 14): what the search functions match, and the indexes they match through.
--
-- Search finds word prefixes ("aqua" → Aquarium…), code fragments ("PET-04", "000123")
-- and name fragments ("garc" → García), case and accents ignored. Three Postgres tools:
--   · unaccent  folds "García" to "garcia" (app.search_fold, below);
--   · tsvector  word prefixes through a prefix tsquery ('garc':*) over the folded words;
--   · pg_trgm   fragments inside codes and e-mails (LIKE '%04%') through trigram GIN indexes.
-- Both extensions ship with the embedded Postgres of the local stack (its
-- share/postgresql/extension) and with hosted Supabase, where they live in schema
-- `extensions` as here; `if not exists` keeps a project that enabled them already.
create extension if not exists unaccent with schema extensions;
create extension if not exists pg_trgm with schema extensions;

-- "García Müller" → "garcia muller". Declared immutable (indexes and generated columns
-- need that) although unaccent() is only stable: its rules file could change, after
-- which the search indexes want a REINDEX. The dictionary is named with its schema so the
-- function does not depend on the caller's search_path.
create function app.search_fold(value text) returns text
language sql immutable strict parallel safe set search_path = '' as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, value))
$$;

-- The words of a record, folded, in the 'simple' configuration (no stemming, no stop
-- words: "the" and "kettles" are words like any other, and a prefix stays a prefix).
create function app.search_words(value text) returns tsvector
language sql immutable parallel safe set search_path = '' as $$
  select to_tsvector('simple'::regconfig, app.search_fold(coalesce(value, '')))
$$;

-- The words of an audit entry's row values (strings and numbers, not the keys).
create function app.search_json_words(value jsonb) returns tsvector
language sql immutable parallel safe set search_path = '' as $$
  select jsonb_to_tsvector('simple'::regconfig, app.search_fold(coalesce(value, '{}')::text)::jsonb, '["string", "numeric"]')
$$;

-- The word search of issue 6 gives way to the search functions of 20250701100300.
drop function public.search_products(text, int);

-- Products and customers replace their English full-text vector (stemmed, accents kept)
-- with the folded words: name (A) before description or notes (C).
alter table public.products drop column search;
alter table public.products add column search tsvector generated always as (
  setweight(app.search_words(name), 'A') || setweight(app.search_words(description), 'C')
) stored;
create index products_search_idx on public.products using gin (search);

alter table public.customers drop column search;
alter table public.customers add column search tsvector generated always as (
  setweight(app.search_words(full_name), 'A') || setweight(app.search_words(email), 'A')
  || setweight(app.search_words(notes), 'C')
) stored;
create index customers_search_idx on public.customers using gin (search);

-- Prefixes of titles and codes: btree in byte order ("C"), which LIKE 'abc%' can range over
-- whatever the database's collation, and which also serves "then by name" in that order.
create index products_name_fold_idx on public.products ((app.search_fold(name) collate "C"));
create index products_sku_fold_idx on public.products ((lower(sku) collate "C"));
create index customers_full_name_fold_idx on public.customers ((app.search_fold(full_name) collate "C"));
create index customers_email_fold_idx on public.customers ((lower(email) collate "C"));
create index orders_number_fold_idx on public.orders ((lower(number) collate "C"));
create index audit_log_actor_email_fold_idx on public.audit_log ((lower(actor_email) collate "C"), at);
create index audit_log_record_id_idx on public.audit_log (record_id, at);

-- Fragments anywhere inside codes and e-mails.
create index products_sku_trgm_idx on public.products using gin (lower(sku) extensions.gin_trgm_ops);
create index customers_contact_trgm_idx on public.customers
  using gin ((app.search_fold(full_name) || ' ' || lower(email)) extensions.gin_trgm_ops);
create index orders_number_trgm_idx on public.orders using gin (lower(number) extensions.gin_trgm_ops);

-- Audit entries by the words of the rows they record.
create index audit_log_search_idx on public.audit_log
  using gin ((app.search_json_words(old) || app.search_json_words(new)));

revoke all on function app.search_fold(text), app.search_words(text), app.search_json_words(jsonb) from public;
grant execute on function app.search_fold(text), app.search_words(text), app.search_json_words(jsonb)
  to anon, authenticated, service_role;
