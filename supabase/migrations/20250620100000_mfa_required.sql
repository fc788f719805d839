-- Two-factor sign-in: an operator who has confirmed an authenticator app (a verified
-- TOTP factor) is served only by sessions that gave its code (aal2). A password-only
-- session of such an account holds no permissions, in the console and in the API.
create function app.mfa_ok() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
      or not exists (
        select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status = 'verified'
      )
$$;
revoke all on function app.mfa_ok() from public;
grant execute on function app.mfa_ok() to anon, authenticated, service_role;

create or replace function app.can(resource text, action text) returns boolean
language sql stable security definer set search_path = '' as $$
  select app.mfa_ok() and exists (
    select 1
    from public.staff s
    join public.permissions p on p.role = s.role
    where s.user_id = auth.uid()
      and s.active
      and p.resource = can.resource
      and p.action::text = can.action
  )
$$;

create or replace function public.my_permissions()
returns table (resource text, action text)
language sql stable security definer set search_path = '' as $$
  select p.resource, p.action::text
  from public.staff s
  join public.permissions p on p.role = s.role
  where s.user_id = auth.uid() and s.active and app.mfa_ok()
  order by p.resource, p.action
$$;
