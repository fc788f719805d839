-- Which subscribers may see one committed row, in one round trip per change: the
-- stack's realtime service passes an `exists (… where pk = $1 …)` check built with
-- quoted identifiers, the row's key values, and each subscriber's role and claims.
-- Like upstream's realtime.apply_rls, the check is prepared once and executed once
-- per subscriber after set_config of role and claims, so SELECT policies decide and
-- the plan is reused while the role stays the same (pass subscribers sorted by role).
create or replace function realtime.stack_rows_visible(
  check_sql text, key_values text[], roles text[], claims text[]
) returns boolean[]
language plpgsql as $$
declare
  args text := (
    select string_agg(quote_nullable(v), ', ' order by i)
    from unnest(key_values) with ordinality k(v, i)
  );
  visible boolean[] := '{}';
  ok boolean;
begin
  if exists (select 1 from pg_prepared_statements where name = 'stack_realtime_rls') then
    deallocate stack_realtime_rls;
  end if;
  execute 'prepare stack_realtime_rls as ' || check_sql;
  for i in 1 .. coalesce(array_length(roles, 1), 0) loop
    -- A policy that fails for one subscriber's claims hides the row from that one only.
    begin
      perform set_config('role', roles[i], true),
              set_config('request.jwt.claims', claims[i], true),
              set_config('request.jwt.claim.role', roles[i], true),
              set_config('request.jwt.claim.sub', coalesce(claims[i]::jsonb ->> 'sub', ''), true),
              set_config('request.jwt.claim.email', coalesce(claims[i]::jsonb ->> 'email', ''), true);
      execute 'execute stack_realtime_rls(' || args || ')' into ok;
    exception when others then
      ok := false;
    end;
    visible := visible || coalesce(ok, false);
  end loop;
  perform set_config('role', 'none', true);
  deallocate stack_realtime_rls;
  return visible;
end
$$;
revoke all on function realtime.stack_rows_visible(text, text[], text[], text[]) from public;
