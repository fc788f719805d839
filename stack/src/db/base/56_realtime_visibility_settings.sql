-- realtime.stack_visible_rows (base 43) with cheaper per-subscriber settings; same
-- arguments, same result, same checks. At 1 000 subscribers a change costs one
-- prepared execute per subscriber, and the settings around it were a third of that:
-- * each setting is a plpgsql assignment (a simple expression, evaluated without
--   starting an executor) instead of a multi-column PERFORM (a query per subscriber);
-- * role, claim.role, claim.sub and claim.email are set only when they differ from
--   the previous subscriber's: unchanged, they already hold the value to set
--   (subscribers come sorted by role; most share an empty email). request.jwt.claims
--   is set for every subscriber.
-- It waits for the changes' transactions as realtime.stack_wait_visible (base 55) does.
create or replace function realtime.stack_visible_rows(
  check_sql text, keys jsonb, xids bigint[], roles text[], claims text[], subs text[], emails text[]
)
returns table (viewer int, ordinals int[])
language plpgsql
set plan_cache_mode = force_generic_plan
as $$
declare
  arg text := quote_literal(keys::text);
  active_role text;
  active_sub text;
  active_email text;
  ignored text;
  visible int[];
begin
  perform realtime.stack_wait_visible(xids);
  if exists (select 1 from pg_prepared_statements where name = 'stack_realtime_rls') then
    deallocate stack_realtime_rls;
  end if;
  execute 'prepare stack_realtime_rls as ' || check_sql;
  for i in 1 .. coalesce(array_length(roles, 1), 0) loop
    if active_role is distinct from roles[i] then
      ignored := set_config('role', roles[i], true);
      ignored := set_config('request.jwt.claim.role', roles[i], true);
      active_role := roles[i];
    end if;
    ignored := set_config('request.jwt.claims', claims[i], true);
    if active_sub is distinct from subs[i] then
      ignored := set_config('request.jwt.claim.sub', subs[i], true);
      active_sub := subs[i];
    end if;
    if active_email is distinct from emails[i] then
      ignored := set_config('request.jwt.claim.email', emails[i], true);
      active_email := emails[i];
    end if;
    execute 'execute stack_realtime_rls(' || arg || ')' into visible;
    if cardinality(visible) > 0 then
      viewer := i;
      ordinals := visible;
      return next;
    end if;
  end loop;
  ignored := set_config('role', 'none', true);
  deallocate stack_realtime_rls;
end
$$;
