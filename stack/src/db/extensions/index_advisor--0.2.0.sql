-- index_advisor's interface, written for the local stack. Supabase's index_advisor asks
-- hypopg for hypothetical indexes; hypopg is native code the stack cannot load, so this
-- one builds each candidate index for real inside a subtransaction, plans the query
-- (a generic plan, so $1-style parameters are fine), keeps the indexes the new plan
-- uses and rolls the subtransaction back: the same answer, at the price of building
-- the indexes and holding a write lock on the scanned tables while it runs. Candidates
-- are the btree-indexable columns of the tables the plan scans that no index leads with.

create function index_advisor(query text)
returns table (
  startup_cost_before jsonb, startup_cost_after jsonb,
  total_cost_before jsonb, total_cost_after jsonb,
  index_statements text[], errors text[]
) language plpgsql volatile as $$
declare
  statement text := regexp_replace(query, ';\s*$', '');
  plan_before jsonb;
  plan_after jsonb;
  candidate record;
  made jsonb := '{}';
  name text;
  n int := 0;
  used text[];
begin
  if statement ~ ';' and statement !~ '''' then
    return query select null::jsonb, null::jsonb, null::jsonb, null::jsonb, '{}'::text[],
      array['Query must not contain more than one statement'];
    return;
  end if;
  begin
    execute 'explain (format json, verbose, generic_plan) ' || statement into plan_before;
  exception when others then
    return query select null::jsonb, null::jsonb, null::jsonb, null::jsonb, '{}'::text[], array[sqlerrm];
    return;
  end;
  begin
    for candidate in
      select distinct s.nspname, c.relname, a.attname
      from jsonb_path_query(plan_before, 'strict $.**') node
      join pg_namespace s on s.nspname = node ->> 'Schema'
      join pg_class c on c.relnamespace = s.oid and c.relname = node ->> 'Relation Name' and c.relkind in ('r', 'm', 'p')
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where jsonb_typeof(node) = 'object' and node ? 'Relation Name'
        and s.nspname not in ('pg_catalog', 'information_schema')
        and exists (select from pg_opclass o join pg_am m on m.oid = o.opcmethod
                    where m.amname = 'btree' and o.opcdefault and o.opcintype = a.atttypid)
        and not exists (select from pg_index i where i.indrelid = c.oid and i.indkey[0] = a.attnum)
      order by 1, 2, 3
    loop
      n := n + 1;
      name := format('index_advisor_candidate_%s', n);
      execute format('create index %I on %I.%I using btree (%I)', name, candidate.nspname, candidate.relname, candidate.attname);
      made := made || jsonb_build_object(name,
        format('CREATE INDEX ON %I.%I USING btree (%I)', candidate.nspname, candidate.relname, candidate.attname));
    end loop;
    execute 'explain (format json, verbose, generic_plan) ' || statement into plan_after;
    select array_agg(distinct made ->> (node #>> '{}')) into used
      from jsonb_path_query(plan_after, 'lax $.**."Index Name"') node
      where made ? (node #>> '{}');
    -- Nothing of the candidates may stay: end the subtransaction by an error of our own.
    raise exception using errcode = 'P0004', message = 'index_advisor: roll back the candidate indexes';
  exception when sqlstate 'P0004' then
    null;
  end;
  return query select
    plan_before -> 0 -> 'Plan' -> 'Startup Cost', plan_after -> 0 -> 'Plan' -> 'Startup Cost',
    plan_before -> 0 -> 'Plan' -> 'Total Cost', plan_after -> 0 -> 'Plan' -> 'Total Cost',
    coalesce(used, '{}'), '{}'::text[];
end
$$;
