-- Saves that are sent again make no second change (docs/everyday.md, "Saving without a
-- connection"). A form save that got no answer may still have reached the database: the
-- console sends it again, with the same `Idempotency-Key` header, until it gets an answer. The
-- first request with a key records it in app.write_receipts in its own transaction; a later
-- one with the same key changes nothing and is refused with SQLSTATE OD001 and the row the
-- first one wrote (DETAIL), which the console then shows as saved. Without the header nothing
-- changes. The receipt is written before the version check (b80_version): a repeated edit is
-- "already saved", not "someone else changed this record".

create table app.write_receipts (
  user_id uuid not null,
  key uuid not null,
  table_name text not null,
  -- The row the first request wrote (its primary key `id`, as text).
  row_id text,
  -- The transaction that wrote it: further rows of that same request pass.
  xact xid8 not null default pg_current_xact_id(),
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
comment on table app.write_receipts is
  'Idempotency keys of console saves (supabase/migrations/20250713100000_write_once.sql); kept 30 days.';

-- Only app.write_once (security definer) reads and writes receipts.
alter table app.write_receipts enable row level security;
revoke all on app.write_receipts from public, anon, authenticated, service_role;

-- Before each row of a request that carries the header: the first time, the key is recorded;
-- another request with that key is refused. Receipts older than 30 days go (a draft kept in a
-- browser is sent again well within that).
create function app.write_once() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  raw text := nullif(current_setting('request.headers', true), '')::json ->> 'idempotency-key';
  write_key uuid;
  caller uuid := auth.uid();
  receipt app.write_receipts;
begin
  -- Only the request's own rows: writes that triggers make are part of what it changed.
  if raw is null or caller is null or pg_trigger_depth() > 1 then
    return new;
  end if;
  if raw !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    raise exception 'The Idempotency-Key header must be a UUID.' using errcode = '22023';
  end if;
  write_key := raw::uuid;
  insert into app.write_receipts (user_id, key, table_name, row_id)
  values (caller, write_key, tg_table_name, to_jsonb(new) ->> 'id')
  on conflict do nothing;
  if found then
    delete from app.write_receipts
    where user_id = caller and created_at < now() - interval '30 days';
    return new;
  end if;
  select * into receipt from app.write_receipts r where r.user_id = caller and r.key = write_key;
  if receipt.xact = pg_current_xact_id() then
    return new;
  end if;
  raise exception 'This save was already made.'
    using errcode = 'OD001', detail = coalesce(receipt.row_id, ''), hint = receipt.table_name;
end
$$;
revoke all on function app.write_once() from public, anon, authenticated, service_role;

do $$
declare
  t text;
begin
  foreach t in array array['categories', 'products', 'customers', 'orders', 'order_items'] loop
    execute format(
      'create trigger b00_write_once before insert or update on public.%I for each row execute function app.write_once()',
      t);
  end loop;
end
$$;
