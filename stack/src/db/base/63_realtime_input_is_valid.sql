-- Whether `value` is valid input for a column's type: the realtime service checks the
-- values of a postgres_changes filter with it before subscribing (realtime/changes).
-- pg_input_is_valid answers that from PostgreSQL 16 on; a PostgreSQL 15 given by
-- DATABASE_URL (the way to run a PostGIS project, docs/extensions.md) lacks it, so there
-- the value is cast in a subtransaction instead (a cast to varchar(n) truncates rather
-- than fails, so an over-long value passes there). The type is the catalog's (oid and
-- typmod, written out by format_type), never text a client sent.
create function realtime.stack_input_is_valid(value text, type_oid oid, type_mod integer)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  if pg_catalog.current_setting('server_version_num')::integer >= 160000 then
    return pg_catalog.pg_input_is_valid(value, pg_catalog.format_type(type_oid, type_mod));
  end if;
  begin
    execute pg_catalog.format('select %L::%s', value, pg_catalog.format_type(type_oid, type_mod));
    return true;
  exception when data_exception then
    return false;
  end;
end
$$;

revoke all on function realtime.stack_input_is_valid(text, oid, integer) from public;
