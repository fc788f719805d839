-- An audit entry shows a record's values, so it is visible only to whom the record
-- itself is (docs/product.md §6): besides `audit_log` list or show, the reader must hold `show` on
-- the entry's table. That covers the History tab, /audit, its export and realtime alike,
-- since all of them read through this policy.
--
-- The allowed tables are computed once per statement as a small array (an initplan),
-- not app.can per row, so /audit over a large log costs one array test per entry.

-- The resources the caller's active staff role may `action` (empty for anon, non-staff,
-- inactive staff, and a password-only session of an operator with a confirmed
-- authenticator app: app.mfa_ok): the permission matrix as RLS reads it.
create function app.allowed_resources(action text) returns text[]
language sql stable security definer set search_path = '' as $$
  select coalesce(array_agg(p.resource order by p.resource), '{}')
  from public.staff s
  join public.permissions p on p.role = s.role
  where s.user_id = auth.uid()
    and s.active
    and p.action::text = allowed_resources.action
    and app.mfa_ok()
$$;
revoke all on function app.allowed_resources(text) from public;
grant execute on function app.allowed_resources(text) to anon, authenticated, service_role;

-- app.can is that matrix for one resource (false, never null, for a null resource).
create or replace function app.can(resource text, action text) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(can.resource = any (app.allowed_resources(can.action)), false)
$$;

drop policy "audit_log: list or show" on public.audit_log;
create policy "audit_log: entries of records the reader may show" on public.audit_log
  for select to authenticated
  using (
    ((select app.can('audit_log', 'list')) or (select app.can('audit_log', 'show')))
    and table_name = any ((select app.allowed_resources('show'))::text[])
  );

-- /audit filtered by table, newest first, reads one table's entries in order (also when
-- the reader may not show that table and the answer is empty, which otherwise scans the log).
create index audit_log_table_at_idx on public.audit_log (table_name, at);
