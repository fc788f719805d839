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
-- matches. Walking where few rows match reads the whole table (1.5 s on 1M products), so
-- these functions choose, not the planner (app.search_reading).

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

-- Whether the rows of `condition` should be read by walking an order's index ('walk') or
-- found first ('find'). Walk when the planner's statistics say that at least 1 % of the
-- rows match: its estimate reaches 1 % and is more than it estimates for a word nobody
-- has. Where the statistics have nothing to say the planner guesses a fixed share, the
-- same for any word: 2 % for a word prefix among customers, whose names have too few
-- distinct words for its statistics, and a walk through customers whose names nothing
-- starts with read all 100 000 of them. A table of fewer than 10 000 rows is read either
-- way in a few milliseconds: find, without asking the planner.
create function app.search_reading(resource text, condition text, terms app.search_terms) returns text
language plpgsql volatile set search_path = '' as $$
declare
  statement text := format('select 1 from public.%I t where %s', resource, condition);
  tuples real := (select c.reltuples from pg_class c where c.oid = format('public.%I', resource)::regclass);
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
$$;

-- SELECT <output> of the first $6 + $7 rows of `condition` in `ordering`: walking the
-- ordering's index ('walk', 'range'), or fenced (OFFSET 0) so that the planner must find
-- the rows before it orders them ('find').
create function app.search_ordered_sql(resource text, output text, condition text, ordering text, how text)
returns text
language sql immutable set search_path = '' as $$
  select format(case when how = 'find'
                     then '(select %s from (select t.* from public.%I t where %s offset 0) t order by %s limit $6 + $7)'
                     else '(select %s from public.%I t where %s order by %s limit $6 + $7)' end,
                output, resource, condition, ordering)
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
      when counting then format('(select 1 from public.%I t where %s)', resource, condition)
      else app.search_ordered_sql(
        resource, output || case when tiered then format(', %s', tier.n) else '' end, condition,
        format('%s, t.%I', tier.order, target.key_column),
        coalesce(tier.read, app.search_reading(resource, tier.match, terms)))
    end;
    earlier := format('%s or (%s)', earlier, tier.match);
  end loop;
  return branches;
end
$$;

-- A page of a resource's matches ($6 offset, $7 limit): best tier first, or by the column `sort`.
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
  return format('select * from %s hits offset $6 limit $7', app.search_ordered_sql(
    resource, 't.*', format('(%s) and (%s)%s', any_tier, target.visible, app.search_filter_sql(resource, filters)),
    format('t.%I %s, t.%I', sort, case when descending then 'desc' else 'asc' end, target.key_column),
    app.search_reading(resource, any_tier, terms)));
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
        -- bigint: the tiers' LIMIT $6 + $7 stays in range for any offset
        skipped bigint := greatest(coalesce(page_offset, 0), 0);
        shown bigint := least(greatest(coalesce(page_limit, 25), 0), 1000);
      begin
        if terms.folded = '' or not app.can(%2$L, 'list') then
          return;
        end if;
        return query execute app.search_page_sql(%2$L, terms, filters, sort, descending)
          using terms.folded, terms.words, terms.prefix, terms.infix, filters, skipped, shown, terms.exact;
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
  shown int := least(greatest(coalesce(per_resource, 5), 1), 20);
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
      using terms.folded, terms.words, terms.prefix, terms.infix, '[]'::jsonb, 0, shown, terms.exact;
  end loop;
end
$$;
revoke all on function public.search_all(text, int) from public, anon;
grant execute on function public.search_all(text, int) to authenticated, service_role;

revoke all on function app.search_estimate(text, app.search_terms, jsonb),
  app.search_reading(text, text, app.search_terms), app.search_ordered_sql(text, text, text, text, text),
  app.search_branches(text, text, app.search_terms, jsonb, boolean, boolean),
  app.search_page_sql(text, app.search_terms, jsonb, text, boolean) from public, anon, authenticated, service_role;
