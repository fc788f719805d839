-- Invitations (issue 27 C8; docs/product.md §2 /staff): an invited operator has a staff row from
-- the moment they are invited, but has not joined until they follow the invitation's link
-- (Auth then confirms their e-mail address). The staff list shows them as "Invited", with
-- Resend and Revoke (staff-admin's resend_invite and revoke_invite), not as "Active".
--
--   staff_invitations() → (user_id, invited_at)
--
-- The staff members who have not joined yet, for callers who may list staff (anyone else gets
-- none). Security definer: it reads auth.users, which the API roles may not.
create function public.staff_invitations()
returns table (user_id uuid, invited_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select s.user_id, coalesce(u.invited_at, u.created_at)
  from public.staff s
  join auth.users u on u.id = s.user_id
  where u.email_confirmed_at is null and (select app.can('staff', 'list'))
  order by s.user_id
$$;
revoke all on function public.staff_invitations() from public, anon;
grant execute on function public.staff_invitations() to authenticated, service_role;
