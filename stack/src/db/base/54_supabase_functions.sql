-- Database Webhooks' helper, as every hosted project has it: the dashboard creates a
-- webhook as a row trigger `execute function supabase_functions.http_request(url,
-- method, headers, params, timeout_ms)` (all five as text), and this function turns
-- the row change into a pg_net request and records it in supabase_functions.hooks.
-- POST sends {type, table, schema, record, old_record}; GET sends only the params.
-- pg_net itself comes from the project's `create extension pg_net` (the stack's
-- interface in db/extensions/); without it a webhook fires an error, as on the platform.
create schema supabase_functions authorization supabase_functions_admin;
grant usage on schema supabase_functions to postgres, anon, authenticated, service_role;

create table supabase_functions.migrations (
  version text primary key,
  inserted_at timestamptz not null default now()
);
insert into supabase_functions.migrations (version) values ('initial'), ('20210809183423_update_grants');

create table supabase_functions.hooks (
  id bigserial primary key,
  hook_table_id integer not null,
  hook_name text not null,
  created_at timestamptz not null default now(),
  request_id bigint
);
create index supabase_functions_hooks_request_id_idx on supabase_functions.hooks (request_id);
create index supabase_functions_hooks_h_table_id_h_name_idx on supabase_functions.hooks (hook_table_id, hook_name);
comment on table supabase_functions.hooks is 'Supabase Functions Hooks: Audit trail for triggered hooks.';

create function supabase_functions.http_request() returns trigger
language plpgsql security definer set search_path = supabase_functions as $$
declare
  -- Trigger arguments arrive as text; the string 'null' counts as absent (the
  -- dashboard writes it for an empty field).
  arg_url text := nullif(tg_argv[0], 'null');
  arg_method text := nullif(tg_argv[1], 'null');
  arg_headers text := nullif(tg_argv[2], 'null');
  arg_params text := nullif(tg_argv[3], 'null');
  arg_timeout text := nullif(tg_argv[4], 'null');
  request_headers jsonb := coalesce(arg_headers::jsonb, '{"Content-Type": "application/json"}');
  request_params jsonb := coalesce(arg_params::jsonb, '{}');
  timeout_ms integer := coalesce(arg_timeout::integer, 1000);
  queued_id bigint;
begin
  if arg_url is null then
    raise exception 'url argument is missing';
  end if;
  if arg_method is null then
    raise exception 'method argument is missing';
  end if;

  if arg_method = 'GET' then
    queued_id := net.http_get(arg_url, request_params, request_headers, timeout_ms);
  elsif arg_method = 'POST' then
    queued_id := net.http_post(
      arg_url,
      jsonb_build_object(
        'type', tg_op,
        'table', tg_table_name,
        'schema', tg_table_schema,
        'record', new,
        'old_record', old
      ),
      request_params,
      request_headers,
      timeout_ms
    );
  else
    raise exception 'method argument % is invalid', arg_method;
  end if;

  insert into supabase_functions.hooks (hook_table_id, hook_name, request_id)
  values (tg_relid, tg_name, queued_id);
  return new;
end
$$;

alter table supabase_functions.migrations owner to supabase_functions_admin;
alter table supabase_functions.hooks owner to supabase_functions_admin;
alter function supabase_functions.http_request() owner to supabase_functions_admin;
-- The platform grants these tables to every API role; the audit trail is read only
-- by the service role here (RLS on, no policy; the owning function bypasses it).
alter table supabase_functions.migrations enable row level security;
alter table supabase_functions.hooks enable row level security;
grant select on all tables in schema supabase_functions to service_role;
revoke all on function supabase_functions.http_request() from public;
grant execute on function supabase_functions.http_request() to postgres, anon, authenticated, service_role;
grant supabase_functions_admin to postgres;
