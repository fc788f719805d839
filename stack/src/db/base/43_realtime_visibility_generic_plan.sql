-- Row visibility for postgres_changes, batched: one call checks every pending row of
-- a table for every subscriber, so SELECT policies decide what each one receives.
-- The check (built by the realtime service with quoted identifiers) takes the rows'
-- keys as one jsonb parameter and returns the ordinals of the rows the current role
-- and claims may select; it is prepared once per call and executed once per
-- subscriber, as upstream's realtime.apply_rls does.
-- * The prepared check runs with a generic plan. Its keys change with every call,
--   so the default plan_cache_mode would plan it afresh for every subscriber (the
--   plan costing more than the lookup); a generic plan is made once per call and role.
-- * The legacy `request.jwt.claim.sub/role/email` settings are set as PostgREST and
--   the stack's REST set them: auth.uid() reads claim.sub first, and without it
--   parses the claims JSON once per row the policy looks at.
-- * Only subscribers that may see at least one row come back, as (viewer, ordinals)
--   rows: 1-based positions in `roles`, 1-based positions in `keys`.
-- Subscribers sorted by role keep one plan. `xids` are the rows' transactions:
-- logical decoding can hand a commit over a moment before the committing backend
-- leaves the proc array, and until then a new snapshot would not see the rows; the
-- check waits (briefly) for that.
-- This file replaced two earlier versions (41 and 42, folded into it); databases
-- that installed them drop their functions here.
drop function if exists realtime.stack_rows_visible(text, text[], text[], text[]);
drop function if exists realtime.stack_visible_rows(text, jsonb, text[], text[], bigint[]);

create function realtime.stack_visible_rows(
  check_sql text, keys jsonb, xids bigint[], roles text[], claims text[], subs text[], emails text[]
)
returns table (viewer int, ordinals int[])
language plpgsql
set plan_cache_mode = force_generic_plan
as $$
declare
  arg text := quote_literal(keys::text);
  active_role text;
  visible int[];
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
      perform set_config('role', roles[i], true), set_config('request.jwt.claim.role', roles[i], true);
      active_role := roles[i];
    end if;
    perform set_config('request.jwt.claims', claims[i], true),
            set_config('request.jwt.claim.sub', subs[i], true),
            set_config('request.jwt.claim.email', emails[i], true);
    execute 'execute stack_realtime_rls(' || arg || ')' into visible;
    if cardinality(visible) > 0 then
      viewer := i;
      ordinals := visible;
      return next;
    end if;
  end loop;
  perform set_config('role', 'none', true);
  deallocate stack_realtime_rls;
end
$$;
revoke all on function realtime.stack_visible_rows(text, jsonb, bigint[], text[], text[], text[], text[]) from public;
