-- wrappers, as far as the local stack goes: a project (or a `supabase db pull` dump)
-- that creates the extension can; the foreign data wrappers it brings (Stripe, Airtable,
-- S3, ClickHouse, Wasm…) are Rust code the stack cannot load, so `create foreign data
-- wrapper … handler <x>_fdw_handler` stops on a sentence saying so instead of a missing
-- handler function.

create table wrappers_fdw_stats (
  fdw_name text primary key,
  create_times bigint,
  rows_in bigint,
  rows_out bigint,
  bytes_in bigint,
  bytes_out bigint,
  metadata jsonb,
  created_at timestamptz not null default timezone('utc', now()),
  updated_at timestamptz not null default timezone('utc', now())
);

create function wrappers_refuse_fdw() returns event_trigger language plpgsql as $$
declare
  handler text := (regexp_match(current_query(), '\mhandler\s+(?:"?[a-z_]+"?\.)?"?([a-z0-9_]+_fdw_handler)"?', 'i'))[1];
begin
  if handler is not null and lower(handler) not in ('postgres_fdw_handler', 'file_fdw_handler') then
    raise exception using errcode = 'feature_not_supported',
      message = format('the wrappers foreign data wrapper of %s cannot run on the local stack: Supabase''s wrappers are native code (Rust) it cannot load', handler),
      hint = 'read the remote service from an edge function, or stand in for the foreign tables with local tables';
  end if;
end
$$;

create event trigger wrappers_refuse_fdw on ddl_command_start
  when tag in ('CREATE FOREIGN DATA WRAPPER')
  execute function wrappers_refuse_fdw();
