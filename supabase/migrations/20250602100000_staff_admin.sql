-- Staff administration (docs/product.md §2 /staff, §4 session): rules the staff-admin edge
-- function relies on, enforced here so they hold however staff rows change.
--   P0001  You cannot deactivate your own account.
--   P0001  You cannot change your own role.
--   (and from the triggers migration: At least one active admin must remain.)

-- An operator cannot lock themselves out of staff administration: their own
-- role and active flag are changed by another admin. Changes without a signed-in
-- caller (service role, migrations) are not affected.
create function app.staff_not_self() returns trigger
language plpgsql set search_path = '' as $$
begin
  if old.user_id = auth.uid() then
    if old.active and not new.active then
      raise exception 'You cannot deactivate your own account.' using errcode = 'P0001';
    end if;
    if new.role <> old.role then
      raise exception 'You cannot change your own role.' using errcode = 'P0001';
    end if;
  end if;
  return new;
end
$$;

-- A deactivated (or removed) operator is signed out everywhere: their sessions,
-- and with them every refresh token, are deleted, so the next refresh fails and
-- the access token's session no longer exists for Auth. RLS already denies them
-- data because app.can requires an active staff row. Security definer: the admin
-- who deactivates may not touch auth.sessions.
create function app.staff_revoke_sessions() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from auth.sessions s where s.user_id = old.user_id;
  return null;
end
$$;

revoke all on function app.staff_not_self(), app.staff_revoke_sessions() from public, anon, authenticated, service_role;

create trigger b20_not_self before update on public.staff
  for each row execute function app.staff_not_self();
create trigger a10_revoke_sessions_on_deactivate after update of active on public.staff
  for each row when (old.active and not new.active) execute function app.staff_revoke_sessions();
create trigger a10_revoke_sessions_on_delete after delete on public.staff
  for each row execute function app.staff_revoke_sessions();
