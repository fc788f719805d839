-- Per-operator console state that follows the operator across browsers (issue 5):
-- saved list views (filters, sorters, columns, page size) and preferences (theme,
-- language). Own rows only, and only for active staff.
--
-- Rules in plain words (constraint → message):
--   saved_views_owner_fkey        The operator does not exist.
--   saved_views_resource_check    Resource must be a table name (lowercase letters, digits, underscores).
--   saved_views_name_check        Name must be 1–60 characters.
--   saved_views_name_key          A view with this name already exists.   (per operator and resource)
--   saved_views_filters_check     Filters must be a list.
--   saved_views_sorters_check     Sorters must be a list.
--   saved_views_columns_check     Columns must be 1–100 column names.
--   saved_views_page_size_check   Page size must be 10, 25, 50 or 100.
--   saved_views_is_default_key    (never seen: marking a view default clears the operator's previous default)
--   operator_preferences_user_id_fkey  The operator does not exist.
--   operator_preferences_theme_check   Theme must be light or dark.
--   operator_preferences_locale_check  Language must be en or de.

create function app.is_active_staff() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.staff s where s.user_id = auth.uid() and s.active)
$$;
revoke all on function app.is_active_staff() from public;
grant execute on function app.is_active_staff() to anon, authenticated, service_role;

create table public.saved_views (
  id uuid primary key default gen_random_uuid(),
  owner uuid not null default auth.uid()
    constraint saved_views_owner_fkey references auth.users (id) on delete cascade,
  resource text not null
    constraint saved_views_resource_check check (resource ~ '^[a-z_][a-z0-9_]*$'),
  name text not null
    constraint saved_views_name_check check (char_length(btrim(name)) >= 1 and char_length(name) <= 60),
  filters jsonb not null default '[]'
    constraint saved_views_filters_check check (jsonb_typeof(filters) = 'array'),
  sorters jsonb not null default '[]'
    constraint saved_views_sorters_check check (jsonb_typeof(sorters) = 'array'),
  -- Visible columns in order; null means the resource's default columns.
  columns text[]
    constraint saved_views_columns_check check (
      cardinality(columns) between 1 and 100 and array_position(columns, null) is null
    ),
  page_size int not null default 25
    constraint saved_views_page_size_check check (page_size in (10, 25, 50, 100)),
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint saved_views_name_key unique (owner, resource, name)
);
create unique index saved_views_is_default_key on public.saved_views (owner, resource, is_default) where is_default;

-- Marking a view as the default un-marks the operator's previous default for the
-- resource in the same statement, so the console sets a default with one call.
create function app.saved_views_single_default() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.is_default then
    update public.saved_views v set is_default = false
    where v.owner = new.owner and v.resource = new.resource and v.is_default and v.id <> new.id;
  end if;
  return new;
end
$$;

create table public.operator_preferences (
  user_id uuid primary key default auth.uid()
    constraint operator_preferences_user_id_fkey references auth.users (id) on delete cascade,
  theme text not null default 'light'
    constraint operator_preferences_theme_check check (theme in ('light', 'dark')),
  locale text not null default 'en'
    constraint operator_preferences_locale_check check (locale in ('en', 'de')),
  updated_at timestamptz not null default now()
);

revoke all on function app.saved_views_single_default() from public, anon, authenticated, service_role;

create trigger b10_single_default before insert or update of is_default on public.saved_views
  for each row execute function app.saved_views_single_default();
create trigger b90_updated_at before update on public.saved_views
  for each row execute function app.touch_updated_at();
create trigger b90_updated_at before update on public.operator_preferences
  for each row execute function app.touch_updated_at();

-- A saved view is visible while its owner may list the resource; preferences
-- while the owner is active staff. Nobody sees or changes another operator's.
alter table public.saved_views enable row level security;
create policy "saved_views: own" on public.saved_views for all to authenticated
  using (owner = (select auth.uid()) and app.can(resource, 'list'))
  with check (owner = (select auth.uid()) and app.can(resource, 'list'));

alter table public.operator_preferences enable row level security;
create policy "operator_preferences: own" on public.operator_preferences for all to authenticated
  using (user_id = (select auth.uid()) and (select app.is_active_staff()))
  with check (user_id = (select auth.uid()) and (select app.is_active_staff()));
