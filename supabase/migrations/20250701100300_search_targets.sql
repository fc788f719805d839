-- Search (issue 14): one ranked search per resource, behind functions the console calls.
--   POST /rest/v1/rpc/search_products {q, filters, sort, descending, page_offset, page_limit}
--   POST /rest/v1/rpc/search_count    {resource, q, filters}      → {total, approximate}
--   POST /rest/v1/rpc/search_all      {q, per_resource}           → the palette's hits
-- docs/search.md is the contract; this file is how.
--
-- Why security definer. Under RLS none of the match operators can use an index: `@@`,
-- LIKE and the enum `=` are not leakproof, so Postgres applies the select policy to every
-- row before it may test them, and a rare word reads the whole table (0.5–2 s on 1M
-- products); the planner is denied the columns' statistics for the same reason. Marking
-- them leakproof takes a superuser, which hosted Supabase does not give. So these
-- functions run as the tables' owner and check, before reading anything, what the select
-- policies check: app.can(resource, 'list'), and where a policy also looks at the row,
-- that condition (app.search_targets.visible): the audit log shows an entry only to who
-- may show its table (20250622100100_audit_log_visibility.sql). A policy that changes
-- must change here too; the stack tests compare the searches with reads of the tables.
--
-- Ranking. A resource's matches come in tiers, best first (its title starts with the
-- words; a code starts with them; every word starts a word of the record; a fragment of
-- a code or e-mail), each tier in its own order ("then by name"). Each tier is one
-- index-friendly query with a LIMIT: a common word walks the order's index and meets a
-- page of matches early, a rare one goes through the GIN index and sorts its few
-- matches; the planner picks per call (EXECUTE plans with the words' values). The tiers
-- are UNION ALL branches read in order, so a later tier runs only when the earlier ones
-- did not fill the page.
--
-- The parameters every match and order below may use:
--   $1 text     the words, folded ("García  Ö" → "garcia o")
--   $2 tsquery  each word as a prefix ('garcia':* & 'o':*), null without words
--   $3 text     LIKE pattern: starts with the words ('garcia o%')
--   $4 text     LIKE pattern: contains them ('%garcia o%')
--   $5 jsonb    the list's filters   $6 int offset   $7 int limit

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
  -- [{"match": SQL, "order": SQL}, …] best tier first; SQL over `t` and $1–$4.
  tiers jsonb not null
);
-- Written by migrations only; the API does not see schema app's tables.
alter table app.search_targets enable row level security;

insert into app.search_targets (resource, position, key_column, title, subtitle, details, tiers, visible) values
('products', 1, 'id', 't.name', 't.sku',
 $$jsonb_build_object('sku', t.sku, 'price', t.price, 'status', t.status, 'category', t.category_name)$$,
 $$[
   {"match": "app.search_fold(t.name) collate \"C\" like $3", "order": "app.search_fold(t.name) collate \"C\""},
   {"match": "lower(t.sku) collate \"C\" like $3", "order": "lower(t.sku) collate \"C\""},
   {"match": "t.search @@ $2", "order": "app.search_fold(t.name) collate \"C\""},
   {"match": "length($1) >= 3 and lower(t.sku) like $4", "order": "lower(t.sku) collate \"C\""}
 ]$$, 'true'),
('customers', 2, 'id', 't.full_name', 't.email',
 $$jsonb_build_object('email', t.email, 'country', t.country)$$,
 $$[
   {"match": "app.search_fold(t.full_name) collate \"C\" like $3", "order": "app.search_fold(t.full_name) collate \"C\""},
   {"match": "lower(t.email) collate \"C\" like $3", "order": "lower(t.email) collate \"C\""},
   {"match": "t.search @@ $2", "order": "app.search_fold(t.full_name) collate \"C\""},
   {"match": "length($1) >= 3 and (app.search_fold(t.full_name) || ' ' || lower(t.email)) like $4",
    "order": "app.search_fold(t.full_name) collate \"C\""}
 ]$$, 'true'),
-- An order by its number, or by its customer's name or e-mail (newest first) for callers
-- who may read customers.
('orders', 3, 'id', 't.number', $$t.status::text || ' · ' || t.total::text$$,
 $$jsonb_build_object('status', t.status, 'total', t.total, 'placed_at', t.placed_at,
     'customer', case when app.can('customers', 'list')
                      then (select c.full_name from public.customers c where c.id = t.customer_id) end)$$,
 $$[
   {"match": "lower(t.number) collate \"C\" like $3", "order": "lower(t.number) collate \"C\""},
   {"match": "length($1) >= 3 and lower(t.number) like $4", "order": "lower(t.number) collate \"C\""},
   {"match": "length($1) >= 3 and (select app.can('customers', 'list')) and t.customer_id = any (array(select c.id from public.customers c where app.search_fold(c.full_name) collate \"C\" like $3 or lower(c.email) collate \"C\" like $3 or c.search @@ $2))",
    "order": "t.placed_at desc"}
 ]$$, 'true'),
('categories', 4, 'id', 't.name', 't.slug',
 $$jsonb_build_object('slug', t.slug, 'description', t.description)$$,
 $$[
   {"match": "app.search_fold(t.name) collate \"C\" like $3", "order": "app.search_fold(t.name) collate \"C\""},
   {"match": "app.search_words(t.name || ' ' || t.slug || ' ' || coalesce(t.description, '')) @@ $2",
    "order": "app.search_fold(t.name) collate \"C\""},
   {"match": "app.search_fold(t.name) like $4", "order": "app.search_fold(t.name) collate \"C\""}
 ]$$, 'true'),
-- Audit entries by the record's key, the actor's e-mail, or the words of the row; newest first.
('audit_log', 5, 'id', $$t.table_name || ' ' || t.record_id$$, $$t.action || ' · ' || coalesce(t.actor_email, '')$$,
 $$jsonb_build_object('table_name', t.table_name, 'record_id', t.record_id, 'action', t.action,
     'actor_email', t.actor_email, 'at', t.at)$$,
 $$[
   {"match": "t.record_id = $1", "order": "t.at desc"},
   {"match": "lower(t.actor_email) collate \"C\" like $3", "order": "t.at desc"},
   {"match": "(app.search_json_words(t.old) || app.search_json_words(t.new)) @@ $2", "order": "t.at desc"}
 ]$$, $$t.table_name = any ((select app.allowed_resources('show'))::text[])$$),
('staff', 6, 'user_id', 't.full_name', 't.email',
 $$jsonb_build_object('email', t.email, 'role', t.role, 'active', t.active)$$,
 $$[
   {"match": "app.search_fold(t.full_name) collate \"C\" like $3", "order": "app.search_fold(t.full_name) collate \"C\""},
   {"match": "lower(t.email) collate \"C\" like $3", "order": "lower(t.email) collate \"C\""},
   {"match": "(app.search_fold(t.full_name) || ' ' || lower(t.email)) like $4",
    "order": "app.search_fold(t.full_name) collate \"C\""}
 ]$$, 'true');

-- What a search's words become: the parameters $1–$4 above.
create type app.search_terms as (folded text, words tsquery, prefix text, infix text);

create function app.search_like_escape(value text) returns text
language sql immutable strict parallel safe set search_path = '' as $$
  select regexp_replace(value, '([\\%_])', '\\\1', 'g')
$$;

create function app.search_terms(q text) returns app.search_terms
language sql immutable parallel safe set search_path = '' as $$
  select f.folded,
         (select string_agg(format('''%s'':*', replace(replace(w.lexeme, '\', '\\'), '''', '''''')), ' & ')::tsquery
          from unnest(to_tsvector('simple'::regconfig, f.folded)) w),
         app.search_like_escape(f.folded) || '%',
         '%' || app.search_like_escape(f.folded) || '%'
  from (select btrim(regexp_replace(app.search_fold(coalesce(q, '')), '\s+', ' ', 'g')) as folded) f
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
        format('t.%I = any (array(select jsonb_array_elements_text(%s))::%s[])', col.name, value, col.type)
      when op = 'nin' then
        format('t.%I <> all (array(select jsonb_array_elements_text(%s))::%s[])', col.name, value, col.type)
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

-- FROM and WHERE of every match of a resource that passes the filters, in no order.
create function app.search_matches_sql(resource text, filters jsonb) returns text
language sql stable set search_path = '' as $$
  select format('from public.%I t where (%s) and (%s)%s', s.resource, s.visible,
                (select string_agg(format('(%s)', x.match), ' or ') from jsonb_to_recordset(s.tiers) x(match text)),
                app.search_filter_sql(s.resource, filters))
  from app.search_targets s where s.resource = search_matches_sql.resource
$$;

-- SELECT <output> of a resource's matches, best tier first (then each tier's order), or
-- in the order of `sort` when given; $6 offset, $7 limit. With `tiered`, each row also
-- says which tier it matched in (the palette shows it; a page of rows has no room for it).
create function app.search_sql(resource text, output text, filters jsonb, sort text, descending boolean, tiered boolean)
returns text
language plpgsql stable set search_path = '' as $$
declare
  target app.search_targets := (select s from app.search_targets s where s.resource = search_sql.resource);
  filter_sql text;
  earlier text := 'false';
  branches text[] := '{}';
  tier record;
begin
  if target is null then
    raise exception 'No search for "%".', resource using errcode = '42P01';
  end if;
  if sort is not null then
    if not exists (select from pg_attribute a where a.attrelid = format('public.%I', resource)::regclass
                   and a.attname = sort and a.attnum > 0 and not a.attisdropped) then
      raise exception 'Cannot sort % by "%".', resource, sort using errcode = '42703';
    end if;
    return format('select %s %s order by t.%I %s, t.%I offset $6 limit $7', output,
                  app.search_matches_sql(resource, filters), sort,
                  case when descending then 'desc' else 'asc' end, target.key_column);
  end if;
  filter_sql := format(' and (%s)%s', target.visible, app.search_filter_sql(resource, filters));
  for tier in
    select x.match, x.order, x.n
    from rows from (jsonb_to_recordset(target.tiers) as (match text, "order" text)) with ordinality x(match, "order", n)
  loop
    branches := branches || format(
      '(select %s%s from public.%I t where (%s) and not coalesce(%s, false)%s order by %s, t.%I limit $6 + $7)',
      output, case when tiered then format(', %s', tier.n) else '' end, resource, tier.match, earlier, filter_sql,
      tier.order, target.key_column);
    earlier := format('%s or (%s)', earlier, tier.match);
  end loop;
  -- UNION ALL runs its branches in turn: the limit stops it once the page is full.
  return format('select * from (%s) hits offset $6 limit $7', array_to_string(branches, ' union all '));
end
$$;

-- search_<resource>(q, filters, sort, descending, page_offset, page_limit): one page of
-- the matches, best first unless `sort` names a column, as rows of the table (PostgREST's
-- select= and embeds apply to them). Nothing for a caller who may not list the resource,
-- as RLS would show nothing.
do $do$
declare
  target record;
begin
  for target in select s.resource from app.search_targets s loop
    execute format($fn$
      create function public.%1$I(q text, filters jsonb default '[]', sort text default null,
                                 descending boolean default false, page_offset int default 0, page_limit int default 25)
      returns setof public.%2$I
      language plpgsql stable security definer set search_path = '' set max_parallel_workers_per_gather = 0
      rows 25 as $body$
      declare
        terms app.search_terms := app.search_terms(q);
      begin
        if terms.folded = '' or not app.can(%2$L, 'list') then
          return;
        end if;
        return query execute app.search_sql(%2$L, 't.*', filters, sort, descending, false)
          using terms.folded, terms.words, terms.prefix, terms.infix, filters,
                greatest(coalesce(page_offset, 0), 0), least(greatest(coalesce(page_limit, 25), 0), 1000);
      end
      $body$$fn$, 'search_' || target.resource, target.resource);
    execute format('revoke all on function public.%I(text, jsonb, text, boolean, int, int) from public, anon',
                   'search_' || target.resource);
    execute format('grant execute on function public.%I(text, jsonb, text, boolean, int, int) to authenticated, service_role',
                   'search_' || target.resource);
  end loop;
end
$do$;

-- How many match: exact up to 1 000 (as a list's count=estimated), else the planner's
-- estimate. A word the statistics call common is estimated without counting: counting
-- 25 000 matches of a common word reads them all (≈300 ms on 1M products).
create function public.search_count(resource text, q text, filters jsonb default '[]')
returns jsonb
-- Volatile only because EXPLAIN is refused in a stable function; it writes nothing.
language plpgsql volatile security definer set search_path = '' set max_parallel_workers_per_gather = 0 as $$
declare
  terms app.search_terms := app.search_terms(q);
  matches text;
  plan json;
  estimate bigint;
  exact bigint;
begin
  if terms.folded = '' or not app.can(resource, 'list') then
    return jsonb_build_object('total', 0, 'approximate', false);
  end if;
  matches := 'select 1 ' || app.search_matches_sql(resource, filters);
  execute 'explain (format json) ' || matches into plan
    using terms.folded, terms.words, terms.prefix, terms.infix, filters;
  estimate := (plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric;
  if estimate > 10000 then
    return jsonb_build_object('total', estimate, 'approximate', true);
  end if;
  execute format('select count(*) from (%s limit 1001) m', matches) into exact
    using terms.folded, terms.words, terms.prefix, terms.infix, filters;
  if exact <= 1000 then
    return jsonb_build_object('total', exact, 'approximate', false);
  end if;
  return jsonb_build_object('total', greatest(estimate, exact), 'approximate', true);
end
$$;
revoke all on function public.search_count(text, text, jsonb) from public, anon;
grant execute on function public.search_count(text, text, jsonb) to authenticated, service_role;

-- The palette: the best few matches of every resource the caller may list, grouped by
-- resource (in app.search_targets.position order), best first within each.
create function public.search_all(q text, per_resource int default 5)
returns table (resource text, id text, title text, subtitle text, details jsonb, tier int)
language plpgsql stable security definer set search_path = '' set max_parallel_workers_per_gather = 0
rows 30 as $$
declare
  terms app.search_terms := app.search_terms(q);
  target app.search_targets;
begin
  if terms.folded = '' then
    return;
  end if;
  for target in select s.* from app.search_targets s order by s.position loop
    continue when not app.can(target.resource, 'list');
    return query execute app.search_sql(
        target.resource,
        format('%L::text, t.%I::text, %s, %s, %s', target.resource, target.key_column,
               target.title, target.subtitle, target.details),
        '[]', null, false, true)
      using terms.folded, terms.words, terms.prefix, terms.infix, '[]'::jsonb,
            0, least(greatest(coalesce(per_resource, 5), 1), 20);
  end loop;
end
$$;
revoke all on function public.search_all(text, int) from public, anon;
grant execute on function public.search_all(text, int) to authenticated, service_role;

revoke all on function app.search_like_escape(text), app.search_terms(text), app.search_filter_sql(text, jsonb),
  app.search_matches_sql(text, jsonb), app.search_sql(text, text, jsonb, text, boolean, boolean) from public, anon, authenticated, service_role;
