-- Row visibility for postgres_changes, batched: one call checks every pending row of
-- a table for every subscriber. The check (built by the realtime service with quoted
-- identifiers) takes the rows' keys as one jsonb parameter and returns the ordinals
-- of the rows the current role and claims may select. It is prepared once per call
-- and executed once per subscriber; subscribers sorted by role keep one plan.
-- `xids` are the rows' transactions: logical decoding can hand a commit over a
-- moment before the committing backend leaves the proc array, and until then a new
-- snapshot would not see the rows; the check waits (briefly) for that.
drop function if exists realtime.stack_rows_visible(text, text[], text[], text[]);

create or replace function realtime.stack_visible_rows(check_sql text, keys jsonb, roles text[], claims text[], xids bigint[])
returns jsonb
language plpgsql as $$
declare
  arg text := quote_literal(keys::text);
  visible jsonb := '[]';
  ordinals int[];
  active_role text;
begin
  for attempt in 1 .. 1000 loop
    exit when not exists (
      select 1
      from pg_current_snapshot() snap,
           lateral (select pg_snapshot_xmax(snap)::text::bigint as xmax) m,
           lateral unnest(xids) x,
           lateral (select ((m.xmax >> 32) << 32) | x as full_xid) f
      where not pg_visible_in_snapshot(
        (case when f.full_xid > m.xmax then f.full_xid - 4294967296 else f.full_xid end)::text::xid8, snap)
    );
    perform pg_sleep(0.001);
  end loop;
  if exists (select 1 from pg_prepared_statements where name = 'stack_realtime_rls') then
    deallocate stack_realtime_rls;
  end if;
  execute 'prepare stack_realtime_rls as ' || check_sql;
  for i in 1 .. coalesce(array_length(roles, 1), 0) loop
    if active_role is distinct from roles[i] then
      perform set_config('role', roles[i], true);
      active_role := roles[i];
    end if;
    perform set_config('request.jwt.claims', claims[i], true);
    execute 'execute stack_realtime_rls(' || arg || ')' into ordinals;
    visible := visible || jsonb_build_array(to_jsonb(coalesce(ordinals, '{}')));
  end loop;
  perform set_config('role', 'none', true);
  deallocate stack_realtime_rls;
  return visible;
end
$$;
revoke all on function realtime.stack_visible_rows(text, jsonb, text[], text[], bigint[]) from public;
