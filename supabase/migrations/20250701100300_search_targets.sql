-- Search (issue 14): one ranked search per resource, behind functions the console calls
-- (20250701100400_search_calls.sql; docs/search.md is the contract). This file is what
-- each resource matches, in which tiers, what its words become, and its filters.
--
-- Why security definer. Under RLS none of the match operators can use an index: `@@`,
-- LIKE and the enum `=` are not leakproof, so Postgres applies the select policy to every
-- row before it may test them, and a rare word reads the whole table (0.5–2 s on 1M
-- products); the planner is denied the columns' statistics for the same reason. Marking
-- them leakproof takes a superuser, which hosted Supabase does not give. So the search
-- functions run as the tables' owner and check, before reading anything, what the select
-- policies check: app.can(resource, 'list'), and where a policy also looks at the row,
-- that condition (app.search_targets.visible): the audit log shows an entry only to who
-- may show its table (20250622100100_audit_log_visibility.sql). A policy that changes
-- must change here too; the stack tests compare the searches with reads of the tables.
--
-- Ranking. A resource's matches come in tiers, best first (its title starts with the
-- words; a code starts with them; the words are words of the record; they start words of
-- it; a fragment of a code or e-mail), each tier in its own order ("then by name").
-- 20250701100400_search_calls.sql turns the tiers into queries.
--
-- The parameters every match and order below may use:
--   $1 text     the words, folded ("García  Ö" → "garcia o")
--   $2 tsquery  each word as a prefix ('garcia':* & 'o':*), null without words
--   $3 text     LIKE pattern: starts with the words ('garcia o%')
--   $4 text     LIKE pattern: contains them ('%garcia o%')
--   $5 jsonb    the list's filters   $6 int offset   $7 int limit
--   $8 tsquery  each word whole ('garcia' & 'o'): GIN finds whole words in a few ms where
--               prefixes of common words take it hundreds (it collects every matching entry)

create table app.search_targets (
  -- A table of schema public, and the resource app.can is asked about.
  resource text primary key,
  -- The palette lists resources in this order.
  position int not null unique,
  key_column text not null,
  -- SQL over `t`: the row-level part of the table's select policy (as app.can covers the rest).
  visible text not null default 'true',
  -- SQL over `t`, a row of the table: the palette's title, second line and details.
  title text not null,
  subtitle text not null,
  details text not null,
  -- [{"match": SQL, "order": SQL, "read": "range" | "find"}, …] best tier first; SQL over
  -- `t` and $1–$4, $8. "read" (app.search_ordered_sql): "range" where the matches are one
  -- range of the order's index (a prefix of it); "find" where they are found best first
  -- whatever their number (orders through the customers they belong to, which no
  -- estimate can count before the search runs); without it the search chooses.
  tiers jsonb not null
);
-- Written by migrations only; the API does not see schema app's tables.
alter table app.search_targets enable row level security;

insert into app.search_targets (resource, position, key_column, title, subtitle, details, tiers, visible) values
('products', 1, 'id', 't.name', 't.sku',
 $$jsonb_build_object('sku', t.sku, 'price', t.price, 'status', t.status, 'category', t.category_name)$$,
 $$[
   {"match": "app.search_fold(t.name) collate \"C\" like $3", "order": "app.search_fold(t.name) collate \"C\"", "read": "range"},
   {"match": "lower(t.sku) collate \"C\" like $3", "order": "lower(t.sku) collate \"C\"", "read": "range"},
   {"match": "t.search @@ $8", "order": "app.search_fold(t.name) collate \"C\""},
   {"match": "t.search @@ $2", "order": "app.search_fold(t.name) collate \"C\""},
   {"match": "length($1) >= 3 and lower(t.sku) like $4", "order": "lower(t.sku) collate \"C\""}
 ]$$, 'true'),
('customers', 2, 'id', 't.full_name', 't.email',
 $$jsonb_build_object('email', t.email, 'country', t.country)$$,
 $$[
   {"match": "app.search_fold(t.full_name) collate \"C\" like $3", "order": "app.search_fold(t.full_name) collate \"C\"", "read": "range"},
   {"match": "lower(t.email) collate \"C\" like $3", "order": "lower(t.email) collate \"C\"", "read": "range"},
   {"match": "t.search @@ $8", "order": "app.search_fold(t.full_name) collate \"C\""},
   {"match": "t.search @@ $2", "order": "app.search_fold(t.full_name) collate \"C\""},
   {"match": "length($1) >= 3 and (app.search_fold(t.full_name) || ' ' || lower(t.email)) like $4", "order": "app.search_fold(t.full_name) collate \"C\""}
 ]$$, 'true'),
-- An order by its number, or by its customer's name or e-mail (newest first) for callers
-- who may read customers: the customers first (an array, found once through their
-- indexes), then their orders through orders_customer_id_idx.
('orders', 3, 'id', 't.number', $$t.status::text || ' · ' || t.total::text$$,
 $$jsonb_build_object('status', t.status, 'total', t.total, 'placed_at', t.placed_at,
     'customer', case when app.can('customers', 'list')
                      then (select c.full_name from public.customers c where c.id = t.customer_id) end)$$,
 $$[
   {"match": "lower(t.number) collate \"C\" like $3", "order": "lower(t.number) collate \"C\"", "read": "range"},
   {"match": "length($1) >= 3 and lower(t.number) like $4", "order": "lower(t.number) collate \"C\""},
   {"match": "length($1) >= 3 and (select app.can('customers', 'list')) and t.customer_id = any (array(select c.id from public.customers c where app.search_fold(c.full_name) collate \"C\" like $3 or lower(c.email) collate \"C\" like $3 or c.search @@ $2))", "order": "t.placed_at desc", "read": "find"}
 ]$$, 'true'),
('categories', 4, 'id', 't.name', 't.slug',
 $$jsonb_build_object('slug', t.slug, 'description', t.description)$$,
 $$[
   {"match": "app.search_fold(t.name) collate \"C\" like $3", "order": "app.search_fold(t.name) collate \"C\"", "read": "range"},
   {"match": "app.search_words(t.name || ' ' || t.slug || ' ' || coalesce(t.description, '')) @@ $2", "order": "app.search_fold(t.name) collate \"C\""},
   {"match": "app.search_fold(t.name) like $4", "order": "app.search_fold(t.name) collate \"C\""}
 ]$$, 'true'),
-- Audit entries by the record's key, the actor's e-mail, or the words of the row; newest
-- first. No tier of whole words before the prefixes: each tier is newest first anyway, and
-- a later tier would have to compute the words of each entry again (≈0.2 ms an entry) to
-- leave out what the whole words found.
('audit_log', 5, 'id', $$t.table_name || ' ' || t.record_id$$, $$t.action || ' · ' || coalesce(t.actor_email, '')$$,
 $$jsonb_build_object('table_name', t.table_name, 'record_id', t.record_id, 'action', t.action,
     'actor_email', t.actor_email, 'at', t.at)$$,
 $$[
   {"match": "t.record_id = $1", "order": "t.at desc", "read": "range"},
   {"match": "lower(t.actor_email) collate \"C\" like $3", "order": "t.at desc"},
   {"match": "(app.search_json_words(t.old) || app.search_json_words(t.new)) @@ $2", "order": "t.at desc"}
 ]$$, $$t.table_name = any ((select app.allowed_resources('show'))::text[])$$),
('staff', 6, 'user_id', 't.full_name', 't.email',
 $$jsonb_build_object('email', t.email, 'role', t.role, 'active', t.active)$$,
 $$[
   {"match": "app.search_fold(t.full_name) collate \"C\" like $3", "order": "app.search_fold(t.full_name) collate \"C\"", "read": "range"},
   {"match": "lower(t.email) collate \"C\" like $3", "order": "lower(t.email) collate \"C\"", "read": "range"},
   {"match": "(app.search_fold(t.full_name) || ' ' || lower(t.email)) like $4", "order": "app.search_fold(t.full_name) collate \"C\""}
 ]$$, 'true');

-- What a search's words become: the parameters $1–$4 and $8 above.
create type app.search_terms as (folded text, words tsquery, prefix text, infix text, exact tsquery);

create function app.search_like_escape(value text) returns text
language sql immutable strict parallel safe set search_path = '' as $$
  select regexp_replace(value, '([\\%_])', '\\\1', 'g')
$$;

-- The words are data whatever they hold: quotes, LIKE's % _ \, tsquery's & | ! <-> :*
-- match themselves (each lexeme is quoted, each pattern escaped). More than a search box
-- holds is refused (400) rather than searched: a tsvector stops at 1 MB with a server
-- error, and each of thousands of words would be a term of the query.
create function app.search_terms(q text) returns app.search_terms
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  terms app.search_terms;
begin
  if length(q) > 200 then
    raise exception 'Search words may be at most 200 characters long, not %.', length(q)
      using errcode = '22023', hint = 'Search for fewer or shorter words.';
  end if;
  with folded as (select btrim(regexp_replace(app.search_fold(coalesce(q, '')), '\s+', ' ', 'g')) as folded),
       words as (
         select format('''%s''', replace(replace(v.lexeme, '\', '\\'), '''', '''''')) as quoted
         from folded f, unnest(to_tsvector('simple'::regconfig, f.folded)) v)
  select f.folded,
         (select string_agg(w.quoted || ':*', ' & ')::tsquery from words w),
         app.search_like_escape(f.folded) || '%',
         '%' || app.search_like_escape(f.folded) || '%',
         (select string_agg(w.quoted, ' & ')::tsquery from words w)
  into terms
  from folded f;
  return terms;
end
$$;

-- A JSON array's elements as text[]. Immutable, so a filter's array is a constant the
-- planner can estimate with the column's statistics.
create function app.search_json_texts(value jsonb) returns text[]
language sql immutable strict parallel safe set search_path = '' as $$
  select array(select jsonb_array_elements_text(value))
$$;

-- The list's filters as SQL over `t`, each reading its value from $5 (never spliced in):
-- [{"field": "status", "operator": "in", "value": ["active"]}, …] with Refine's operators.
create function app.search_filter_sql(resource text, filters jsonb) returns text
language plpgsql stable set search_path = '' as $$
declare
  sql text := '';
  f record;
  col record;
  value text;
  op text;
begin
  if filters is null or filters = 'null'::jsonb then
    return '';
  end if;
  if jsonb_typeof(filters) <> 'array' then
    raise exception 'filters must be a JSON array of {field, operator, value}.' using errcode = '22023';
  end if;
  for f in select e.value as filter, e.n - 1 as i from jsonb_array_elements(filters) with ordinality as e(value, n) loop
    select a.attname::text as name, format_type(a.atttypid, a.atttypmod) as type into col
    from pg_attribute a
    where a.attrelid = format('public.%I', resource)::regclass and a.attname = f.filter ->> 'field'
      and a.attnum > 0 and not a.attisdropped;
    if not found then
      raise exception 'Cannot filter % by "%".', resource, f.filter ->> 'field' using errcode = '42703';
    end if;
    value := format('($5 -> %s -> ''value'')', f.i);
    op := f.filter ->> 'operator';
    sql := sql || ' and ' || case
      when op in ('eq', 'ne', 'lt', 'gt', 'lte', 'gte') then
        format('t.%I %s (%s ->> 0)::%s', col.name,
               (jsonb_build_object('eq', '=', 'ne', '<>', 'lt', '<', 'gt', '>', 'lte', '<=', 'gte', '>=') ->> op),
               format('jsonb_build_array(%s)', value), col.type)
      when op = 'in' then
        format('t.%I = any (app.search_json_texts(%s)::%s[])', col.name, value, col.type)
      when op = 'nin' then
        format('t.%I <> all (app.search_json_texts(%s)::%s[])', col.name, value, col.type)
      when op = 'between' then
        format('t.%I between (%2$s ->> 0)::%3$s and (%2$s ->> 1)::%3$s', col.name, value, col.type)
      when op = 'contains' then
        format('t.%I::text ilike ''%%'' || app.search_like_escape(%s #>> ''{}'') || ''%%''', col.name, value)
      when op = 'null' then format('t.%I is null', col.name)
      when op = 'nnull' then format('t.%I is not null', col.name)
    end;
    if sql is null then
      raise exception 'Unknown filter operator "%".', op
        using errcode = '22023', hint = 'Use eq, ne, lt, gt, lte, gte, in, nin, between, contains, null or nnull.';
    end if;
  end loop;
  return sql;
end
$$;

revoke all on function app.search_like_escape(text), app.search_terms(text), app.search_json_texts(jsonb),
  app.search_filter_sql(text, jsonb) from public, anon, authenticated, service_role;
