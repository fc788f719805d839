-- The console's access watch (docs/architecture.md, "Who sees what, live"): each
-- signed-in user hears about changes to what they may do on their own private channel
-- `access:<user id>`, fed by triggers through realtime.broadcast_changes ("broadcast
-- from the database"). Realtime sends postgres_changes DELETE events without checking
-- RLS, so `staff` and `permissions` leave the supabase_realtime publication: an anonymous
-- subscriber must not learn that a staff member or a permission was removed.

alter publication supabase_realtime drop table public.staff, public.permissions;

-- Only the user may join their own access channel; nobody may send on it (the triggers
-- below insert as their owner). During the check realtime.topic() is the channel's topic.
create policy "access channels: each user hears their own" on realtime.messages
  for select to authenticated
  using (extension = 'broadcast' and realtime.topic() = 'access:' || (select auth.uid())::text);

-- A change to a staff row goes to that user's channel (it is their own row, which they
-- may read anyway). Security definer: the insert into realtime.messages is the owner's.
create function app.broadcast_staff_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform realtime.broadcast_changes(
    'access:' || coalesce(new.user_id, old.user_id)::text, tg_op, tg_op, tg_table_name, tg_table_schema, new, old
  );
  return null;
end
$$;

-- A change to a row of the matrix goes to every staff member of the role it concerns
-- (before and after an update): each learns only of their own role's rows, which
-- my_permissions shows them anyway.
create function app.broadcast_permission_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform realtime.broadcast_changes(
    'access:' || s.user_id::text, tg_op, tg_op, tg_table_name, tg_table_schema, new, old
  )
  from public.staff s
  where s.role = new.role or s.role = old.role;
  return null;
end
$$;

revoke all on function app.broadcast_staff_change(), app.broadcast_permission_change()
  from public, anon, authenticated, service_role;

create trigger a90_broadcast_access after insert or update or delete on public.staff
  for each row execute function app.broadcast_staff_change();
create trigger a90_broadcast_access after insert or update or delete on public.permissions
  for each row execute function app.broadcast_permission_change();
