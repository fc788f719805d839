-- Row-level security (docs/product.md §6): every table, every policy asks one function,
-- app.can(resource, action), which reads the permission matrix for the caller's
-- ACTIVE staff row. Non-staff, inactive staff and anon: no policy passes.
--   select → list or show · insert → create · update → edit · delete → delete

create function app.can(resource text, action text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1
    from public.staff s
    join public.permissions p on p.role = s.role
    where s.user_id = auth.uid()
      and s.active
      and p.resource = can.resource
      and p.action::text = can.action
  )
$$;
revoke all on function app.can(text, text) from public;
grant execute on function app.can(text, text) to anon, authenticated, service_role;

-- `(select app.can(…))` is evaluated once per statement, not once per row.
do $$
declare
  t text;
begin
  foreach t in array array['categories', 'products', 'customers', 'orders', 'order_items', 'staff', 'permissions', 'audit_log'] loop
    execute format('alter table public.%I enable row level security', t);
    execute format(
      $p$create policy "%s: list or show" on public.%I for select to authenticated
         using ((select app.can(%L, 'list')) or (select app.can(%L, 'show')))$p$, t, t, t, t);
    continue when t = 'audit_log';
    execute format(
      $p$create policy "%s: create" on public.%I for insert to authenticated
         with check ((select app.can(%L, 'create')))$p$, t, t, t);
    execute format(
      $p$create policy "%s: edit" on public.%I for update to authenticated
         using ((select app.can(%L, 'edit'))) with check ((select app.can(%L, 'edit')))$p$, t, t, t, t);
    execute format(
      $p$create policy "%s: delete" on public.%I for delete to authenticated
         using ((select app.can(%L, 'delete')))$p$, t, t, t);
  end loop;
end
$$;

-- Every signed-in user reads their own staff row: the console learns name, role
-- and whether the account is active from it.
create policy "staff: own row" on public.staff for select to authenticated
  using (user_id = (select auth.uid()));

-- The audit log is written only by the audit trigger (security definer) and never
-- changed: no API role may insert, update, delete or truncate it.
revoke insert, update, delete, truncate on public.audit_log from anon, authenticated, service_role;
