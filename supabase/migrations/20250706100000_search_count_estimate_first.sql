-- search_count asks the planner before it counts (issue 18). Counting a common word's
-- first 1 001 matches took 30–50 ms on 1M products (the page itself 6–9 ms), and the list
-- waits for both; the answer for such a word is the planner's estimate anyway. Where the
-- statistics are sure of far more matches than a count would stop at, the estimate is
-- the answer at once; otherwise the count runs as before (20250701100400_search_calls.sql).

-- The planner's estimate for the tier with most matches (`most`), and whether it settles
-- the count (`settled`): its statistics know some tier's words to match at least ten times
-- the 1 000 an exact count stops at, more than the estimate for a word nobody has (the
-- planner's fixed guess where it knows nothing, 2 500 on 1M products) and 10 000 or more.
-- Ten times, because the estimate comes from a sample of the table: a word estimated at
-- 10 000 has not 1 000 or fewer matches. Unsettled, `most` is still the approximate total
-- of a count that reached 1 001.
create function app.search_count_estimate(branches text[], terms app.search_terms, filters jsonb,
                                          out most numeric, out settled boolean)
language sql volatile set search_path = '' as $$
  select max(e.rows), coalesce(bool_or(e.rows >= 10000 and e.rows > e.nobody), false)
  from unnest(branches) b,
       lateral (select app.search_estimate(b, terms, filters) as rows,
                       app.search_estimate(b, app.search_terms('qxzqxzqxzqxz'), filters) as nobody) e
$$;
revoke all on function app.search_count_estimate(text[], app.search_terms, jsonb) from public;

-- Each tier's estimate is made once: it settles the count, or gives the total of one over 1 000.
create or replace function public.search_count(resource text, q text, filters jsonb default '[]')
returns jsonb
language plpgsql volatile security definer set search_path = '' set max_parallel_workers_per_gather = 0 as $$
declare
  terms app.search_terms := app.search_terms(q);
  branches text[];
  estimate record;
  exact bigint;
begin
  if terms.folded = '' or not app.can(resource, 'list') then
    return jsonb_build_object('total', 0, 'approximate', false);
  end if;
  branches := app.search_branches(resource, '1', terms, filters, false, true);
  select * into estimate from app.search_count_estimate(branches, terms, filters);
  if estimate.settled then
    return jsonb_build_object('total', estimate.most, 'approximate', true);
  end if;
  execute format('select count(*) from (select 1 from (%s) m limit 1001) c', array_to_string(branches, ' union all '))
    into exact using terms.folded, terms.words, terms.prefix, terms.infix, filters, 0, 0, terms.exact;
  if exact <= 1000 then
    return jsonb_build_object('total', exact, 'approximate', false);
  end if;
  return jsonb_build_object('total', greatest(1001, estimate.most), 'approximate', true);
end
$$;
