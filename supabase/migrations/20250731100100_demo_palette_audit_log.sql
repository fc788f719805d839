-- The palette's search over the audit log (20250701100300_search_targets.sql,
-- 20250701100400_search_calls.sql; docs/search.md), now over opsdesk.audit_log: the store's
-- trail moved there (20250731100000_demo_opsdesk_switch.sql). Opsdesk's own search serves the
-- lists of any managed table; the palette's ranked search across the store and its word index of
-- the entries are the demo's addition, on top of Opsdesk's table:
--   * the search helpers read a resource's relation from app.search_relation (the store's
--     tables in public, `audit_log` in opsdesk) instead of assuming public;
--   * the audit target shows an entry only to who may show its table, as Opsdesk's policy on
--     opsdesk.audit_log does (opsdesk.allowed_tables('show') by "<schema>.<table>");
--   * the indexes its tiers need on opsdesk.audit_log: by record id, by the actor's e-mail,
--     and the GIN index of the entries' words, which the store's writes pay for
--     (docs/any-project.md, "What a managed table's writes cost").

create function app.search_relation(resource text) returns text
language sql immutable set search_path = '' as $$
  select format('%I.%I', (app.resource_table(resource))[1], (app.resource_table(resource))[2])
$$;
revoke all on function app.search_relation(text) from public, anon, authenticated, service_role;

-- As 20250701100400/20250706100000 left them, with the relation from app.search_relation.
create or replace function app.search_ordered_sql(resource text, output text, condition text, ordering text, how text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select format(case when how = 'find'
                     then '(select %s from (select t.* from %s t where %s offset 0) t order by %s limit $6 + $7)'
                     else '(select %s from %s t where %s order by %s limit $6 + $7)' end,
                output, app.search_relation(resource), condition, ordering)
$function$
;
create or replace function app.search_branches(resource text, output text, terms app.search_terms, filters jsonb, tiered boolean, counting boolean)
 RETURNS text[]
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  target app.search_targets := (select s from app.search_targets s where s.resource = search_branches.resource);
  conditions text;
  earlier text := 'false';
  branches text[] := '{}';
  condition text;
  tier record;
begin
  if target is null then
    raise exception 'No search for "%".', resource using errcode = '42P01';
  end if;
  conditions := format('(%s)%s', target.visible, app.search_filter_sql(resource, filters));
  for tier in
    select x.match, x.order, x.read, x.n
    from rows from (jsonb_to_recordset(target.tiers) as (match text, "order" text, read text))
      with ordinality x(match, "order", read, n)
  loop
    condition := format('(%s) and not coalesce(%s, false) and %s', tier.match, earlier, conditions);
    branches := branches || case
      when counting then format('(select 1 from %s t where %s)', app.search_relation(resource), condition)
      else app.search_ordered_sql(
        resource, output || case when tiered then format(', %s', tier.n) else '' end, condition,
        format('%s, t.%I', tier.order, target.key_column),
        coalesce(tier.read, app.search_reading(resource, tier.match, terms)))
    end;
    earlier := format('%s or (%s)', earlier, tier.match);
  end loop;
  return branches;
end
$function$
;
create or replace function app.search_page_sql(resource text, terms app.search_terms, filters jsonb, sort text, descending boolean)
 RETURNS text
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  target app.search_targets := (select s from app.search_targets s where s.resource = search_page_sql.resource);
  any_tier text;
begin
  if sort is null then
    -- UNION ALL reads its branches in turn: the limit stops it once the page is full.
    return format('select * from (%s) hits offset $6 limit $7',
                  array_to_string(app.search_branches(resource, 't.*', terms, filters, false, false), ' union all '));
  end if;
  if not exists (select from pg_attribute a where a.attrelid = app.search_relation(resource)::regclass
                 and a.attname = sort and a.attnum > 0 and not a.attisdropped) then
    raise exception 'Cannot sort % by "%".', resource, sort using errcode = '42703';
  end if;
  any_tier := (select string_agg(format('(%s)', x.match), ' or ')
               from jsonb_to_recordset(target.tiers) x(match text));
  return format('select * from %s hits offset $6 limit $7', app.search_ordered_sql(
    resource, 't.*', format('(%s) and (%s)%s', any_tier, target.visible, app.search_filter_sql(resource, filters)),
    format('t.%I %s, t.%I', sort, case when descending then 'desc' else 'asc' end, target.key_column),
    app.search_reading(resource, any_tier, terms)));
end
$function$
;
create or replace function app.search_reading(resource text, condition text, terms app.search_terms)
 RETURNS text
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  statement text := format('select 1 from %s t where %s', app.search_relation(resource), condition);
  tuples real := (select c.reltuples from pg_class c where c.oid = app.search_relation(resource)::regclass);
  estimate numeric;
begin
  if tuples < 10000 then
    return 'find';
  end if;
  estimate := app.search_estimate(statement, terms, '[]');
  if estimate < 0.01 * tuples then
    return 'find';
  end if;
  if estimate <= app.search_estimate(statement, app.search_terms('qxzqxzqxzqxz'), '[]') then
    return 'find';
  end if;
  return 'walk';
end
$function$
;
create or replace function app.search_filter_sql(resource text, filters jsonb)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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
    where a.attrelid = app.search_relation(resource)::regclass and a.attname = f.filter ->> 'field'
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
$function$
;

update app.search_targets set
  title = $$t.table_name || ' ' || coalesce(t.record_id, '')$$,
  details = $$jsonb_build_object('schema_name', t.schema_name, 'table_name', t.table_name, 'record_id', t.record_id,
     'action', t.action, 'actor_email', t.actor_email, 'at', t.at)$$,
  visible = $$(t.schema_name || '.' || t.table_name) = any ((select opsdesk.allowed_tables('show'))::text[])$$
where resource = 'audit_log';

create index audit_log_record_id_at_idx on opsdesk.audit_log (record_id, at);
create index audit_log_actor_email_fold_idx on opsdesk.audit_log ((lower(actor_email) collate "C"), at);
create index audit_log_words_idx on opsdesk.audit_log
  using gin ((app.search_json_words(old) || app.search_json_words(new)));

create function public.search_audit_log(q text, filters jsonb default '[]', sort text default null,
                                        descending boolean default false, page_offset int default 0,
                                        page_limit int default 25)
returns setof opsdesk.audit_log
language plpgsql security definer rows 25 set search_path = '' set max_parallel_workers_per_gather = 0 as $$
declare
  terms app.search_terms := app.search_terms(q);
  -- bigint: the tiers' LIMIT $6 + $7 stays in range for any offset
  skipped bigint := greatest(coalesce(page_offset, 0), 0);
  shown bigint := least(greatest(coalesce(page_limit, 25), 0), 1000);
begin
  if terms.folded = '' or not app.can('audit_log', 'list') then
    return;
  end if;
  return query execute app.search_page_sql('audit_log', terms, filters, sort, descending)
    using terms.folded, terms.words, terms.prefix, terms.infix, filters, skipped, shown, terms.exact;
end
$$;
revoke all on function public.search_audit_log(text, jsonb, text, boolean, integer, integer) from public, anon;
grant execute on function public.search_audit_log(text, jsonb, text, boolean, integer, integer) to authenticated, service_role;
