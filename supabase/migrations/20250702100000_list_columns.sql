-- The columns each operator chose for each list (issue 14): which are shown, in which
-- order, and how wide, so the choice survives a reload and follows the operator to
-- another browser. One row per operator and resource, written whole on each change (so
-- two tabs never merge half a choice). Own rows only, while the operator may list the
-- resource, as saved views.
--
-- Rules in plain words (constraint → message):
--   list_columns_user_id_fkey     The operator does not exist.
--   list_columns_resource_check   Resource must be a table name (lowercase letters, digits, underscores).
--   list_columns_columns_check    Columns must be 1–100 column names.
--   list_columns_widths_check     Widths must map column names to 40–2000 pixels.

create function app.column_widths_valid(widths jsonb) returns boolean
language sql immutable set search_path = '' as $$
  select jsonb_typeof(widths) = 'object'
    and (select count(*) from jsonb_object_keys(widths)) <= 100
    and not exists (
      select 1 from jsonb_each(widths) w
      where jsonb_typeof(w.value) <> 'number' or (w.value)::numeric not between 40 and 2000
    )
$$;
grant execute on function app.column_widths_valid(jsonb) to authenticated, service_role;

create table public.list_columns (
  user_id uuid not null default auth.uid()
    constraint list_columns_user_id_fkey references auth.users (id) on delete cascade,
  resource text not null
    constraint list_columns_resource_check check (resource ~ '^[a-z_][a-z0-9_]*$'),
  -- Shown columns, in order.
  columns text[] not null
    constraint list_columns_columns_check check (
      cardinality(columns) between 1 and 100 and array_position(columns, null) is null
    ),
  -- Pixel widths of the columns the operator resized: {"name": 320}.
  widths jsonb not null default '{}'
    constraint list_columns_widths_check check (app.column_widths_valid(widths)),
  updated_at timestamptz not null default now(),
  primary key (user_id, resource)
);

create trigger b90_updated_at before update on public.list_columns
  for each row execute function app.touch_updated_at();

alter table public.list_columns enable row level security;
create policy "list_columns: own" on public.list_columns for all to authenticated
  using (user_id = (select auth.uid()) and app.can(resource, 'list'))
  with check (user_id = (select auth.uid()) and app.can(resource, 'list'));
