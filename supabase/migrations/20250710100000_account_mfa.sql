-- An aal1 session of an operator with a verified authenticator app holds no permissions
-- (20250620100000_mfa_required: app.mfa_ok), and now reaches nothing else either
-- (issue 27 A2): renaming themselves (set_my_name), their preferences, and their private
-- `access:<user id>` channel, which tells them of every change to their role, all need
-- app.mfa_ok() like the rest of the console's backend. Auth itself refuses such a
-- session a change of e-mail or password (401 insufficient_aal, as GoTrue).
--   42501  You don't have permission to do that.   (set_my_name: also for an aal1 session)

create or replace function public.set_my_name(full_name text) returns text
language plpgsql security definer set search_path = '' as $$
declare
  saved text;
begin
  update public.staff s
  set full_name = coalesce(btrim(set_my_name.full_name), '')
  where s.user_id = auth.uid() and s.active and app.mfa_ok()
  returning s.full_name into saved;
  if not found then
    raise exception 'You don''t have permission to do that.' using errcode = '42501';
  end if;
  return saved;
end
$$;

drop policy "operator_preferences: own" on public.operator_preferences;
create policy "operator_preferences: own" on public.operator_preferences for all to authenticated
  using (user_id = (select auth.uid()) and (select app.is_active_staff()) and (select app.mfa_ok()))
  with check (user_id = (select auth.uid()) and (select app.is_active_staff()) and (select app.mfa_ok()));

drop policy "access channels: each user hears their own" on realtime.messages;
create policy "access channels: each user hears their own" on realtime.messages
  for select to authenticated
  using (
    extension = 'broadcast'
    and realtime.topic() = 'access:' || (select auth.uid())::text
    and (select app.mfa_ok())
  );
