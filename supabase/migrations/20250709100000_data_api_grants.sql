-- The Data API grants Opsdesk needs, written out. A project with "Default privileges for
-- new entities" off (locally `[api] auto_expose_new_tables = false`, as Opsdesk's own
-- config.toml sets) no longer grants what `postgres` creates in `public` to anon,
-- authenticated and service_role; these tables relied on that default. It runs before
-- the narrower column grants of 20250710100200_insert_columns. The grants are the ones the default gave, so every role reaches the
-- tables as before and the policies (RLS with app.can()) stay what decides: anon and
-- non-staff get no rows, not a permission error. A migration that adds a table, view or
-- sequence to `public` grants it the same way (docs/migrations.md).

grant select, insert, update, delete on table
  public.categories, public.customers, public.list_columns, public.operator_preferences,
  public.order_items, public.orders, public.permissions, public.products, public.saved_views,
  public.staff
  to anon, authenticated, service_role;

-- The audit log is written by triggers only (20250601100200_rls revoked its writes).
grant select on table public.audit_log to anon, authenticated, service_role;

grant usage, select on sequence
  public.audit_log_id_seq, public.categories_id_seq, public.order_items_id_seq,
  public.orders_id_seq, public.products_id_seq
  to anon, authenticated, service_role;

-- Server-side callers keep the RPCs whose PUBLIC grant an earlier migration revoked.
grant execute on function public.bulk_write(text, text, jsonb, jsonb) to service_role;
grant execute on function public.import_rows(text, jsonb, jsonb, boolean) to service_role;
