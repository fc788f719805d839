-- Opsdesk install 0002 (opsdesk_invitations), written by `npm run opsdesk -- init`.
-- Do not edit: a later init adds upgrades as new files. See Opsdesk's docs/any-project.md.

-- Opsdesk install 0002: the state of an operator's invitation, for the Operators screen's
-- Resend and Revoke (docs/any-project.md, "Operators"). An upgrade file: it runs on a database
-- that has 0001 as any release wrote it, and is never changed once released (docs/any-project.md,
-- "Upgrades").
--
-- operator_list() gains two columns, so it is dropped and made again (a function's result type
-- cannot be replaced in place):
--   email_confirmed_at  null while the account has not followed its invitation (or any
--                       confirmation) link: such an invitation may be resent;
--   opsdesk_invited     the account was made by opsdesk-admin's invite (app_metadata
--                       opsdesk_invited, which only the service role can write): revoking such an
--                       invitation deletes the account, any other account is only removed from
--                       the operators (it may be the project's app user).

drop function opsdesk.operator_list();

create function opsdesk.operator_list()
returns table (user_id uuid, email text, full_name text, role text, active boolean, created_at timestamptz,
               last_sign_in_at timestamptz, invited_at timestamptz, mfa boolean,
               email_confirmed_at timestamptz, opsdesk_invited boolean)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform opsdesk.require_admin();
  return query
    select o.user_id, coalesce(o.email, u.email::text), o.full_name, o.role, o.active, o.created_at,
           u.last_sign_in_at, u.invited_at,
           exists (select 1 from auth.mfa_factors f where f.user_id = o.user_id and f.status = 'verified'),
           u.email_confirmed_at,
           coalesce(u.raw_app_meta_data ->> 'opsdesk_invited' = 'true', false)
    from opsdesk.operators o
    join auth.users u on u.id = o.user_id
    order by o.active desc, lower(coalesce(o.full_name, o.email)), o.user_id;
end
$$;

revoke all on function opsdesk.operator_list() from public, anon, authenticated, service_role;
grant execute on function opsdesk.operator_list() to authenticated, service_role;

insert into opsdesk.installed (version, name) values ('0002', 'opsdesk_invitations');
