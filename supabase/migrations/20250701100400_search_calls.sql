-- The search functions the console calls (issue 14; docs/search.md is the contract):
--   POST /rest/v1/rpc/search_<resource> {q, filters, sort, descending, page_offset, page_limit}
--   POST /rest/v1/rpc/search_count      {resource, q, filters}  → {total, approximate}
--   POST /rest/v1/rpc/search_all        {q, per_resource}       → the palette's hits
-- Security definer with app.can and app.search_targets.visible checked first: why, and
-- what each resource matches in which tier, in 20250701100300_search_targets.sql.
--
-- Each tier is one query with a LIMIT, and the tiers are UNION ALL branches read in turn,
-- so a later tier runs only when the earlier ones did not fill the page. A tier whose
-- matches are a range of its order's index reads that range. Any other tier either walks
-- its order's index, testing each row, which meets a page of a common word's matches
-- early, or finds its matches through their index and sorts them, which suits few
-- matches. The planner chooses, but walking is a disaster where it guesses wrong: it
-- estimates a word that its statistics do not know at 0.5 % of the rows, and a word with no
-- match at all then walks all 1M products (15 s). So a tier walks only when its estimate
-- says at least 1 % of the rows match, which only the statistics can say; otherwise its
-- query is fenced (OFFSET 0) so that it must find its matches first.

-- The planner's row estimate for a statement of the search's parameters (EXPLAIN).
create function app.search_estimate(statement text, terms app.search_terms, filters jsonb) returns numeric
language plpgsql volatile set search_path = '' as $$
declare
  plan json;
begin
  execute 'explain (format json) ' || statement into plan
    using terms.folded, terms.words, terms.prefix, terms.infix, filters, 0, 0, terms.exact;
  return (plan -> 0 -> 'Plan' ->> 'Plan Rows')::numeric;
end
$$;

-- Whether a query of the matches of `condition` should find them before ordering them:
-- fewer than 1 % of the rows, by the planner's estimate.
create function app.search_fenced(resource text, condition text, terms app.search_terms) returns boolean
language sql volatile set search_path = '' as $$
  select app.search_estimate(format('select 1 from public.%I t where %s', resource, condition), terms, '[]')
         < 0.01 * greatest((select c.reltuples from pg_class c where c.oid = format('public.%I', resource)::regclass), 0)
$$;

-- One query per tier, best first: SELECT <output> (and the tier's number when `tiered`)
-- of the tier's matches that no earlier tier matched, in the tier's order, LIMIT $6 + $7.
-- `counting`: SELECT 1 of them, in no order.
create function app.search_branches(resource text, output text, terms app.search_terms, filters jsonb,
                                    tiered boolean, counting boolean)
returns text[]
language plpgsql volatile set search_path = '' as $$
declare
  target app.search_targets := (select s from app.search_targets s where s.resource = search_branches.resource);
  conditions text;
  earlier text := 'false';
  branches text[] := '{}';
  matches text;
  tier record;
begin
  if target is null then
    raise exception 'No search for "%".', resource using errcode = '42P01';
  end if;
  conditions := format('(%s)%s', target.visible, app.search_filter_sql(resource, filters));
  for tier in
    select x.match, x.order, coalesce(x.ranged, false) as ranged, x.n
    from rows from (jsonb_to_recordset(target.tiers) as (match text, "order" text, ranged boolean))
      with ordinality x(match, "order", ranged, n)
  loop
    matches := format('from public.%I t where (%s) and not coalesce(%s, false) and %s',
                      resource, tier.match, earlier, conditions);
    branches := branches || case
      when counting then format('(select 1 %s)', matches)
      when tier.ranged or not app.search_fenced(resource, tier.match, terms) then
        format('(select %s%s %s order by %s, t.%I limit $6 + $7)', output,
               case when tiered then format(', %s', tier.n) else '' end, matches, tier.order, target.key_column)
      else
        format('(select %s%s from (select t.* %s offset 0) t order by %s, t.%I limit $6 + $7)', output,
               case when tiered then format(', %s', tier.n) else '' end, matches, tier.order, target.key_column)
    end;
    earlier := format('%s or (%s)', earlier, tier.match);
  end loop;
  return branches;
end
$$;

-- A page of a resource's matches: best tier first, or by the column `sort`.
create function app.search_page_sql(resource text, terms app.search_terms, filters jsonb, sort text, descending boolean)
returns text
language plpgsql volatile set search_path = '' as $$
declare
  target app.search_targets := (select s from app.search_targets s where s.resource = search_page_sql.resource);
  any_tier text;
begin
  if sort is null then
    -- UNION ALL reads its branches in turn: the limit stops it once the page is full.
    return format('select * from (%s) hits offset $6 limit $7',
                  array_to_string(app.search_branches(resource, 't.*', terms, filters, false, false), ' union all '));
  end if;
  if not exists (select from pg_attribute a where a.attrelid = format('public.%I', resource)::regclass
                 and a.attname = sort and a.attnum > 0 and not a.attisdropped) then
    raise exception 'Cannot sort % by "%".', resource, sort using errcode = '42703';
  end if;
  any_tier := (select string_agg(format('(%s)', x.match), ' or ')
               from jsonb_to_recordset(target.tiers) x(match text));
  return format(
    case when app.search_fenced(resource, any_tier, terms)
         then 'select t.* from (select t.* from public.%1$I t where (%2$s) and (%3$s)%4$s offset 0) t order by t.%5$I %6$s, t.%7$I offset $6 limit $7'
         else 'select t.* from public.%1$I t where (%2$s) and (%3$s)%4$s order by t.%5$I %6$s, t.%7$I offset $6 limit $7' end,
    resource, any_tier, target.visible, app.search_filter_sql(resource, filters), sort,
    case when descending then 'desc' else 'asc' end, target.key_column);
end
$$;

-- search_<resource>(q, filters, sort, descending, page_offset, page_limit): one page of
-- the matches as rows of the table (PostgREST's select= and embeds apply to them).
-- Nothing for a caller who may not list the resource, as RLS would show nothing.
-- Volatile only because the plans are chosen with EXPLAIN; they write nothing.
do $do$
declare
  target record;
begin
  for target in select s.resource from app.search_targets s loop
    execute format($fn$
      create function public.%1$I(q text, filters jsonb default '[]', sort text default null,
                                 descending boolean default false, page_offset int default 0, page_limit int default 25)
      returns setof public.%2$I
      language plpgsql volatile security definer set search_path = '' set max_parallel_workers_per_gather = 0
      rows 25 as $body$
      declare
        terms app.search_terms := app.search_terms(q);
      begin
        if terms.folded = '' or not app.can(%2$L, 'list') then
          return;
        end if;
        return query execute app.search_page_sql(%2$L, terms, filters, sort, descending)
          using terms.folded, terms.words, terms.prefix, terms.infix, filters,
                -- bigint: the tiers' LIMIT $6 + $7 stays in range for any offset
                greatest(coalesce(page_offset, 0), 0)::bigint, least(greatest(coalesce(page_limit, 25), 0), 1000)::bigint,
                terms.exact;
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
-- estimate of the tier with most matches. The tiers are counted in turn and the count
-- stops at 1 001, so a common word costs a thousand index entries, not all its matches.
create function public.search_count(resource text, q text, filters jsonb default '[]')
returns jsonb
language plpgsql volatile security definer set search_path = '' set max_parallel_workers_per_gather = 0 as $$
declare
  terms app.search_terms := app.search_terms(q);
  branches text[];
  exact bigint;
begin
  if terms.folded = '' or not app.can(resource, 'list') then
    return jsonb_build_object('total', 0, 'approximate', false);
  end if;
  branches := app.search_branches(resource, '1', terms, filters, false, true);
  execute format('select count(*) from (select 1 from (%s) m limit 1001) c', array_to_string(branches, ' union all '))
    into exact using terms.folded, terms.words, terms.prefix, terms.infix, filters, 0, 0, terms.exact;
  if exact <= 1000 then
    return jsonb_build_object('total', exact, 'approximate', false);
  end if;
  return jsonb_build_object(
    'total', greatest(1001, (select max(app.search_estimate(b, terms, filters)) from unnest(branches) b)),
    'approximate', true);
end
$$;
revoke all on function public.search_count(text, text, jsonb) from public, anon;
grant execute on function public.search_count(text, text, jsonb) to authenticated, service_role;

-- The palette: the best few matches of every resource the caller may list, grouped by
-- resource (in app.search_targets.position order), best first within each.
create function public.search_all(q text, per_resource int default 5)
returns table (resource text, id text, title text, subtitle text, details jsonb, tier int)
language plpgsql volatile security definer set search_path = '' set max_parallel_workers_per_gather = 0
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
    return query execute format('select * from (%s) hits limit $7', array_to_string(app.search_branches(
        target.resource,
        format('%L::text, t.%I::text, %s, %s, %s', target.resource, target.key_column,
               target.title, target.subtitle, target.details),
        terms, '[]', true, false), ' union all '))
      using terms.folded, terms.words, terms.prefix, terms.infix, '[]'::jsonb,
            0, least(greatest(coalesce(per_resource, 5), 1), 20), terms.exact;
  end loop;
end
$$;
revoke all on function public.search_all(text, int) from public, anon;
grant execute on function public.search_all(text, int) to authenticated, service_role;

revoke all on function app.search_estimate(text, app.search_terms, jsonb), app.search_fenced(text, text, app.search_terms),
  app.search_branches(text, text, app.search_terms, jsonb, boolean, boolean),
  app.search_page_sql(text, app.search_terms, jsonb, text, boolean) from public, anon, authenticated, service_role;
