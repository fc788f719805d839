-- The realtime schema: messages backs private-channel authorization (RLS policies
-- on realtime.messages decide who may join/broadcast, as on hosted Supabase).
create schema if not exists realtime authorization supabase_admin;
grant usage on schema realtime to postgres, anon, authenticated, service_role, supabase_realtime_admin;

create table realtime.messages (
  id bigserial,
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  primary key (id)
);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;
grant usage on sequence realtime.messages_id_seq to anon, authenticated, service_role;

create or replace function realtime.topic() returns text
language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;
grant execute on function realtime.topic() to public;
