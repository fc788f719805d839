-- The last active admin (app.staff_keep_an_admin, 20250601100100_triggers) under
-- concurrency (issue 27 A4): two admins deactivating each other at once each saw the
-- other still active and both committed, leaving none. Now every statement that updates
-- or deletes staff rows first takes one transaction-level advisory lock (keyed by the
-- table's oid), before it touches any row; so such statements run one after another and
-- the check of the second sees what the first committed (a lock, no retry). The check
-- itself counts the remaining admins as the table owner (not through the caller's RLS)
-- and share-locks the rows it counts on: a REPEATABLE READ transaction, whose snapshot
-- predates the lock, then fails with a serialization error instead of counting a row
-- another transaction has just deactivated. Staff changes are rare; waiting is cheap.

create function app.staff_serialise_changes() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform pg_advisory_xact_lock('public.staff'::regclass::oid::bigint);
  return null;
end
$$;

create or replace function app.staff_keep_an_admin() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.role = 'admin' and old.active
     and (tg_op = 'DELETE' or new.role <> 'admin' or not new.active) then
    perform 1 from public.staff s
    where s.role = 'admin' and s.active and s.user_id <> old.user_id
    for share;
    if not found then
      raise exception 'At least one active admin must remain.' using errcode = 'P0001';
    end if;
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end
$$;
revoke all on function app.staff_serialise_changes() from public, anon, authenticated, service_role;
revoke all on function app.staff_keep_an_admin() from public, anon, authenticated, service_role;

create trigger b00_serialise_changes before update or delete on public.staff
  for each statement execute function app.staff_serialise_changes();
