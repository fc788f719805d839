-- Opsdesk install 0001 (opsdesk_core), written by `npm run opsdesk -- init`.
-- Do not edit: a later init adds upgrades as new files. See Opsdesk's docs/any-project.md.

-- Opsdesk's core install (docs/any-project.md): everything the console needs in a project's
-- database, in schema `opsdesk`, written so that what the project's own app relies on stays as
-- it was:
--   * operators, roles and the role × table × action matrix; opsdesk.can(schema, table, action);
--   * per managed table: ADDITIONAL permissive policies `to authenticated using (opsdesk.can…)`,
--     grants to `authenticated` only where RLS is on (a privilege the project had not granted
--     comes with a restrictive "operators only" policy, so app users gain nothing), the audit
--     trigger and the live-change broadcast; the project's policies and RLS switches untouched;
--   * the audit log, saved views, list columns, preferences, table settings, presence channels;
--   * the schema version (an event trigger on DDL), describe() and the generic operator RPCs.
-- Every rule raised here goes through opsdesk.fail (one catalogue: SQLSTATE + code in HINT).
-- Applied by `npm run opsdesk -- init` as an ordinary migration; runs as `postgres` on hosted
-- Supabase (no superuser needed; see docs/any-project.md for the event trigger).

create schema opsdesk;
comment on schema opsdesk is 'Opsdesk: operators, permissions, audit log and console state (docs/any-project.md).';
grant usage on schema opsdesk to authenticated, service_role;
-- Nothing in opsdesk is reachable unless granted below; new objects get no default grants.
alter default privileges in schema opsdesk revoke all on tables from public, anon, authenticated;
alter default privileges in schema opsdesk revoke all on functions from public, anon, authenticated;
alter default privileges in schema opsdesk revoke all on sequences from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------
-- The error catalogue. Each rule has a stable SQLSTATE (what PostgREST turns into a status)
-- and a code in HINT that the console maps to its message, never the English text.

create function opsdesk.fail(code text, msg text, info text default null) returns void
language plpgsql volatile set search_path = '' as $$
declare
  state text := case code
    when 'OPSDESK_NOT_SIGNED_IN' then '42501'
    when 'OPSDESK_NOT_OPERATOR' then '42501'
    when 'OPSDESK_NOT_ADMIN' then '42501'
    when 'OPSDESK_FORBIDDEN' then '42501'
    when 'OPSDESK_NO_SUCH_TABLE' then '42P01'
    when 'OPSDESK_NOT_MANAGED' then '55000'
    when 'OPSDESK_NOT_MANAGEABLE' then '55000'
    when 'OPSDESK_NOT_OWNER' then '42501'
    when 'OPSDESK_RLS_OFF' then '55000'
    when 'OPSDESK_NO_KEY' then '55000'
    when 'OPSDESK_KEY_MISSING' then '22023'
    when 'OPSDESK_ROWS_NOT_LIST' then '22023'
    when 'OPSDESK_TOO_MANY_ROWS' then '54000'
    when 'OPSDESK_BAD_ACTION' then '22023'
    when 'OPSDESK_NO_CHANGES' then '22023'
    when 'OPSDESK_UNKNOWN_COLUMN' then '42703'
    when 'OPSDESK_READ_ONLY_COLUMN' then '42703'
    when 'OPSDESK_NOT_A_REFERENCE' then '22023'
    when 'OPSDESK_BAD_FILTER' then '22023'
    when 'OPSDESK_SEARCH_TOO_LONG' then '22023'
    when 'OPSDESK_TOO_MANY_IDS' then '54000'
    when 'OPSDESK_NO_SUCH_USER' then 'P0002'
    when 'OPSDESK_NO_SUCH_ROLE' then 'P0002'
    when 'OPSDESK_LAST_ADMIN' then 'P0001'
    when 'OPSDESK_SELF_DEACTIVATE' then 'P0001'
    when 'OPSDESK_SELF_ROLE' then 'P0001'
    when 'OPSDESK_SELF_REMOVE' then 'P0001'
    when 'OPSDESK_BUILTIN_ROLE' then 'P0001'
    when 'OPSDESK_AUDIT_APPEND_ONLY' then 'P0001'
    when 'OPSDESK_BAD_SETTINGS' then '22023'
    when 'OPSDESK_BAD_PRESENCE' then '22023'
  end;
begin
  if state is null then
    raise exception 'opsdesk.fail: unknown code %', code using errcode = 'XX000';
  end if;
  if info is null then
    raise exception using message = msg, errcode = state, hint = code;
  end if;
  raise exception using message = msg, errcode = state, hint = code, detail = info;
end
$$;

-- ---------------------------------------------------------------------------------------
-- Tables.

create table opsdesk.roles (
  name text primary key
    constraint roles_name_check check (name ~ '^[a-z][a-z0-9_]{0,39}$'),
  description text
    constraint roles_description_check check (char_length(description) <= 200),
  builtin boolean not null default false,
  created_at timestamptz not null default now()
);
comment on table opsdesk.roles is 'Operator roles. admin administers Opsdesk; admins add roles.';
insert into opsdesk.roles (name, description, builtin) values
  ('admin', 'Administers Opsdesk: operators, roles, permissions, tables', true),
  ('editor', 'Creates, edits and imports records', true),
  ('viewer', 'Reads and exports records', true);

create table opsdesk.operators (
  user_id uuid primary key
    constraint operators_user_id_fkey references auth.users (id) on delete cascade,
  email text,
  full_name text
    constraint operators_full_name_check check (char_length(btrim(full_name)) between 1 and 120),
  role text not null default 'viewer'
    constraint operators_role_fkey references opsdesk.roles (name) on update cascade,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table opsdesk.operators is 'Who may use the console, with which role. An inactive operator holds no permission.';
create index operators_role_idx on opsdesk.operators (role);

-- The tables Opsdesk manages: its policies, grants, audit trigger and broadcast are on them.
-- `relid` follows renames (opsdesk.sync_catalog); `granted` are the privileges Opsdesk gave
-- `authenticated` and `restricted` the commands it fenced to operators (both undone by
-- unmanage_table).
create table opsdesk.managed_tables (
  schema_name text not null,
  table_name text not null,
  relid oid,
  allow_without_rls boolean not null default false,
  granted text[] not null default '{}',
  restricted text[] not null default '{}',
  managed_at timestamptz not null default now(),
  managed_by uuid,
  -- The table's shape its audit trigger function was written for (opsdesk.install_audit).
  audit_signature text,
  primary key (schema_name, table_name)
);

create table opsdesk.permissions (
  role text not null
    constraint permissions_role_fkey references opsdesk.roles (name) on update cascade on delete cascade,
  schema_name text not null,
  table_name text not null,
  action text not null
    constraint permissions_action_check check (action in ('list', 'show', 'create', 'edit', 'delete', 'export', 'import')),
  primary key (role, schema_name, table_name, action),
  constraint permissions_table_fkey foreign key (schema_name, table_name)
    references opsdesk.managed_tables (schema_name, table_name) on update cascade on delete cascade
);
create index permissions_table_idx on opsdesk.permissions (schema_name, table_name);

create table opsdesk.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_id uuid,
  actor_email text,
  schema_name text not null,
  table_name text not null,
  -- The record's key as text: the value of a one-column key, the key object's JSON for a
  -- composite key, null for a table without a key. record_key is the object itself.
  record_id text,
  record_key jsonb,
  action text not null
    constraint audit_log_action_check check (action in ('INSERT', 'UPDATE', 'DELETE')),
  old jsonb,
  new jsonb,
  changed text[]
);
create index audit_log_record_idx on opsdesk.audit_log (schema_name, table_name, record_id, at);
create index audit_log_table_at_idx on opsdesk.audit_log (schema_name, table_name, at);
create index audit_log_at_idx on opsdesk.audit_log (at);
create index audit_log_actor_idx on opsdesk.audit_log (actor_id, at);

create table opsdesk.saved_views (
  id uuid primary key default gen_random_uuid(),
  owner uuid not null default auth.uid()
    constraint saved_views_owner_fkey references auth.users (id) on delete cascade,
  -- "<schema>.<table>"
  resource text not null
    constraint saved_views_resource_check check (char_length(resource) between 3 and 130 and resource like '%.%'),
  name text not null
    constraint saved_views_name_check check (char_length(btrim(name)) >= 1 and char_length(name) <= 60),
  filters jsonb not null default '[]'
    constraint saved_views_filters_check check (jsonb_typeof(filters) = 'array'),
  sorters jsonb not null default '[]'
    constraint saved_views_sorters_check check (jsonb_typeof(sorters) = 'array'),
  columns text[]
    constraint saved_views_columns_check check (
      cardinality(columns) between 1 and 200 and array_position(columns, null) is null
    ),
  page_size int not null default 25
    constraint saved_views_page_size_check check (page_size in (10, 25, 50, 100)),
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint saved_views_name_key unique (owner, resource, name)
);
create unique index saved_views_is_default_key on opsdesk.saved_views (owner, resource) where is_default;

create function opsdesk.column_widths_valid(widths jsonb) returns boolean
language sql immutable set search_path = '' as $$
  select jsonb_typeof(widths) = 'object'
    and (select count(*) from jsonb_object_keys(widths)) <= 200
    and not exists (select 1 from jsonb_each(widths) w
                    where jsonb_typeof(w.value) <> 'number' or (w.value)::numeric not between 40 and 2000)
$$;

create table opsdesk.list_columns (
  user_id uuid not null default auth.uid()
    constraint list_columns_user_id_fkey references auth.users (id) on delete cascade,
  resource text not null
    constraint list_columns_resource_check check (char_length(resource) between 3 and 130 and resource like '%.%'),
  columns text[] not null
    constraint list_columns_columns_check check (
      cardinality(columns) between 1 and 200 and array_position(columns, null) is null
    ),
  -- Pixel widths of the columns the operator resized: {"name": 320}, 40–2000 each.
  widths jsonb not null default '{}'
    constraint list_columns_widths_check check (opsdesk.column_widths_valid(widths)),
  updated_at timestamptz not null default now(),
  primary key (user_id, resource)
);

create table opsdesk.preferences (
  user_id uuid primary key default auth.uid()
    constraint preferences_user_id_fkey references auth.users (id) on delete cascade,
  theme text not null default 'light'
    constraint preferences_theme_check check (theme in ('light', 'dark')),
  locale text not null default 'en'
    constraint preferences_locale_check check (locale in ('en', 'de')),
  -- Anything else the console keeps per operator (collapsed menu, last project screen…).
  extra jsonb not null default '{}'
    constraint preferences_extra_check check (jsonb_typeof(extra) = 'object'),
  updated_at timestamptz not null default now()
);

-- The admin's customisation of a table (docs/any-project.md, "settings"): labels, title field,
-- list columns, hidden fields, help, default sort, actions, file columns, search columns.
create table opsdesk.table_settings (
  schema_name text not null,
  table_name text not null,
  settings jsonb not null default '{}'
    constraint table_settings_settings_check check (jsonb_typeof(settings) = 'object'),
  updated_at timestamptz not null default now(),
  updated_by uuid default auth.uid(),
  primary key (schema_name, table_name)
);

-- Which install files (install/sql/NNNN_*.sql) this database has: each file ends by adding
-- its row, so `npm start` and add-admin apply only what is missing.
create table opsdesk.installed (
  version text primary key,
  name text not null,
  installed_at timestamptz not null default now()
);

-- One row: the version describe() is cached under, and whether DDL bumps it.
create table opsdesk.state (
  id boolean primary key default true constraint state_one_row check (id),
  version bigint not null default 1,
  ddl_watch boolean not null default false
);
insert into opsdesk.state default values;

-- ---------------------------------------------------------------------------------------
-- Who the caller is.

-- Who the caller is, asked by the policies of every managed table once per statement (an
-- initplan): plpgsql, whose queries are planned once per session (a SQL function with a SET
-- clause is planned again at every call), and one query each, not a chain of calls.

-- An operator who confirmed an authenticator app is served only by sessions that gave its
-- code (aal2); a password-only session holds no permission (as the demo's app.mfa_ok).
create function opsdesk.mfa_ok() returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
      or not exists (select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status = 'verified');
end
$$;

-- The caller's role if they are an active operator whose session satisfies the MFA rule.
create function opsdesk.operator_role() returns text
language plpgsql stable security definer set search_path = '' as $$
begin
  return (select o.role from opsdesk.operators o
          where o.user_id = auth.uid() and o.active
            and (coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
                 or not exists (select 1 from auth.mfa_factors f where f.user_id = o.user_id and f.status = 'verified')));
end
$$;

create function opsdesk.is_operator() returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return opsdesk.operator_role() is not null;
end
$$;

create function opsdesk.is_admin() returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return coalesce(opsdesk.operator_role() = 'admin', false);
end
$$;

-- "<schema>.<table>" of every table the caller's role may `action` (empty for non-operators).
create function opsdesk.allowed_tables(action text) returns text[]
language plpgsql stable security definer set search_path = '' as $$
begin
  return (select coalesce(array_agg(p.schema_name || '.' || p.table_name order by 1), '{}')
          from opsdesk.permissions p
          where p.role = opsdesk.operator_role() and p.action = allowed_tables.action);
end
$$;

-- The matrix for one table: may the caller `action` schema.table? False, never null.
create function opsdesk.can(schema_name text, table_name text, action text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return exists (select 1 from opsdesk.permissions p
                 where p.role = opsdesk.operator_role() and p.schema_name = can.schema_name
                   and p.table_name = can.table_name and p.action = can.action);
end
$$;

-- The same by the table's oid, as the policies ask it (a regclass constant): it follows a
-- renamed table through managed_tables.relid, with or without the DDL watch.
create function opsdesk.can_rel(rel oid, action text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return exists (select 1 from opsdesk.managed_tables m
                 join opsdesk.permissions p on p.schema_name = m.schema_name and p.table_name = m.table_name
                 where m.relid = can_rel.rel and p.action = can_rel.action and p.role = opsdesk.operator_role());
end
$$;

-- The restrictive policy that fences a privilege Opsdesk granted (docs/any-project.md,
-- "Managing a table"): true for an operator whom the matrix allows `cmd` on the table; for
-- anyone else the very error Postgres gave before Opsdesk granted the privilege, so an app
-- user's request fails as it always did. Policies call it as `(select …)`, once per
-- statement, when the statement reaches its first row: a request that reaches no row (an empty
-- table) answers with nothing instead of the error.
create function opsdesk.guard(rel oid, cmd text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  allowed boolean := case cmd when 'select' then opsdesk.can_rel(rel, 'list') or opsdesk.can_rel(rel, 'show')
                              when 'insert' then opsdesk.can_rel(rel, 'create')
                              when 'update' then opsdesk.can_rel(rel, 'edit')
                              when 'delete' then opsdesk.can_rel(rel, 'delete') end;
  name text;
begin
  if allowed then
    return true;
  end if;
  select c.relname into name from pg_catalog.pg_class c where c.oid = rel;
  raise exception 'permission denied for table %', name using errcode = '42501';
end
$$;

-- Callers allowed to administer without an operator session: the service role and direct SQL
-- (migrations, the dashboard's SQL editor), which carry no JWT.
create function opsdesk.is_trusted_caller() returns boolean
language sql stable set search_path = '' as $$
  select coalesce(auth.jwt() ->> 'role', '') = 'service_role'
      or (coalesce(current_setting('request.jwt.claims', true), '') in ('', '{}')
          and coalesce(current_setting('request.jwt.claim.role', true), '') = ''
          and session_user::text <> 'authenticator')
$$;

create function opsdesk.require_admin() returns void
language plpgsql stable set search_path = '' as $$
begin
  if opsdesk.is_trusted_caller() or opsdesk.is_admin() then
    return;
  end if;
  if auth.uid() is null then
    perform opsdesk.fail('OPSDESK_NOT_SIGNED_IN', 'Sign in first.');
  end if;
  perform opsdesk.fail('OPSDESK_NOT_ADMIN', 'Only an Opsdesk admin may do that.');
end
$$;

create function opsdesk.require_operator() returns void
language plpgsql stable set search_path = '' as $$
begin
  if opsdesk.is_operator() then
    return;
  end if;
  if auth.uid() is null then
    perform opsdesk.fail('OPSDESK_NOT_SIGNED_IN', 'Sign in first.');
  end if;
  perform opsdesk.fail('OPSDESK_NOT_OPERATOR', 'This account has no access to Opsdesk.');
end
$$;

-- The role the API request runs as (authenticated, anon, service_role), also inside a
-- security definer function, where current_user is the function's owner.
create function opsdesk.caller_role() returns text
language sql stable set search_path = '' as $$
  select case when coalesce(current_setting('role', true), 'none') in ('none', '')
              then session_user::text else current_setting('role', true) end
$$;

-- ---------------------------------------------------------------------------------------
-- Relations: resolving names, keys, what may be managed.

-- Schemas Opsdesk never manages or describes: the platform's own.
create function opsdesk.is_system_schema(name text) returns boolean
language sql immutable set search_path = '' as $$
  select name in ('opsdesk', 'auth', 'storage', 'realtime', 'extensions', 'graphql', 'graphql_public', 'vault',
                  'pgsodium', 'pgsodium_masks', 'net', 'cron', 'pgbouncer', 'supabase_functions',
                  'supabase_migrations', 'information_schema', 'pgmq', 'pgmq_public', 'storage_vectors',
                  'tiger', 'topology', '_realtime', '_analytics', '_supavisor', '_stack')
      or name like 'pg\_%' or name like 'supabase\_%'
$$;

-- The exposed schemas the console considers, platform ones left out, public first: the API's
-- own list where the database holds it (`pgrst.db_schemas` on the authenticator role), else
-- `public` and every schema `authenticated` may use that holds a relation the API roles were
-- granted anything on. A helper schema of security-definer functions that policies call must
-- be usable by `authenticated` too, and is not exposed for that.
create function opsdesk.exposed_schemas() returns text[]
language plpgsql stable set search_path = '' as $$
declare
  configured text[] := (
    select string_to_array(replace(substr(c.setting, length('pgrst.db_schemas=') + 1), ' ', ''), ',')
    from pg_catalog.pg_db_role_setting s
    join pg_catalog.pg_roles r on r.oid = s.setrole and r.rolname = 'authenticator'
    cross join lateral unnest(s.setconfig) c(setting)
    where s.setdatabase in (0, (select d.oid from pg_catalog.pg_database d where d.datname = pg_catalog.current_database()))
      and c.setting like 'pgrst.db\_schemas=%'
    order by s.setdatabase desc
    limit 1);
begin
  return (
    select coalesce(array_agg(n.nspname::text order by n.nspname <> 'public', n.nspname), '{}')
    from pg_catalog.pg_namespace n
    where not opsdesk.is_system_schema(n.nspname)
      and pg_catalog.has_schema_privilege('authenticated', n.oid, 'usage')
      and case when configured is not null then n.nspname = any (configured)
               else n.nspname = 'public' or exists (
                 select 1 from pg_catalog.pg_class c
                 where c.relnamespace = n.oid and c.relkind in ('r', 'p', 'v', 'm', 'f')
                   and (pg_catalog.has_table_privilege('authenticated', c.oid, 'select, insert, update, delete')
                        or pg_catalog.has_table_privilege('anon', c.oid, 'select, insert, update, delete')
                        or pg_catalog.has_any_column_privilege('authenticated', c.oid, 'select, insert, update'))) end);
end
$$;

-- schema.table → its oid, or OPSDESK_NO_SUCH_TABLE.
create function opsdesk.relation(schema_name text, table_name text) returns oid
language plpgsql stable set search_path = '' as $$
declare
  rel oid;
begin
  select c.oid into rel
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname = relation.schema_name and c.relname = relation.table_name
    and c.relkind in ('r', 'p', 'v', 'm', 'f');
  if rel is null then
    perform opsdesk.fail('OPSDESK_NO_SUCH_TABLE', format('There is no table %s.%s.', schema_name, table_name));
  end if;
  return rel;
end
$$;

-- The primary key's columns in key order; '{}' for a table without one.
-- (plpgsql: the audit triggers ask it at every statement, and its plan is kept per session.)
create function opsdesk.key_columns(rel oid) returns text[]
language plpgsql stable set search_path = '' as $$
begin
  return (select coalesce(array_agg(a.attname::text order by k.n), '{}')
          from pg_catalog.pg_index i
          cross join lateral unnest(i.indkey) with ordinality k(attnum, n)
          join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
          where i.indrelid = rel and i.indisprimary);
end
$$;

-- A record's key object from its row (null for a table without a key).
create function opsdesk.key_of(r jsonb, key_columns text[]) returns jsonb
language sql immutable set search_path = '' as $$
  select case when cardinality(key_columns) > 0
              then (select jsonb_object_agg(k, r -> k) from unnest(key_columns) k) end
$$;

-- A key object as the audit log's record_id: a one-column key's value, else the object's JSON.
create function opsdesk.record_id(key jsonb) returns text
language sql immutable set search_path = '' as $$
  select case when key is null then null
              when (select count(*) from jsonb_object_keys(key)) = 1 then (select v #>> '{}' from jsonb_each(key) e(k, v))
              else key::text end
$$;

-- Columns left out of audit entries and broadcasts: full-text vectors (derived, large), and
-- those an admin lists in the table's settings.audit_exclude (derived copies: a label another
-- table's change rewrites is no edit of the row, and a row whose other columns stayed as
-- they were gets no entry).
create function opsdesk.audit_excluded(rel oid) returns text[]
language plpgsql stable set search_path = '' as $$
begin
  return (select coalesce(array_agg(a.attname::text order by a.attnum), '{}')
          from pg_catalog.pg_attribute a
          where a.attrelid = rel and a.attnum > 0 and not a.attisdropped
            and (a.atttypid = 'pg_catalog.tsvector'::regtype or a.attname::text in (
              select jsonb_array_elements_text(s.settings -> 'audit_exclude')
              from opsdesk.table_settings s
              join pg_catalog.pg_namespace n on n.nspname = s.schema_name
              join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = s.table_name
              where c.oid = rel and jsonb_typeof(s.settings -> 'audit_exclude') = 'array')));
end
$$;

create function opsdesk.managed_relid(schema_name text, table_name text) returns oid
language plpgsql stable security definer set search_path = '' as $$
declare
  rel oid := opsdesk.relation(schema_name, table_name);
begin
  if not exists (select 1 from opsdesk.managed_tables m
                 where m.schema_name = managed_relid.schema_name and m.table_name = managed_relid.table_name) then
    perform opsdesk.fail('OPSDESK_NOT_MANAGED',
      format('%s.%s is not managed by Opsdesk yet: an admin can manage it on the Tables screen.', schema_name, table_name));
  end if;
  return rel;
end
$$;

-- ---------------------------------------------------------------------------------------
-- The schema version.

-- Bumps the version (security definer: DDL by any role bumps it) and tells open consoles on
-- the private channel `opsdesk:schema`, once per transaction.
create function opsdesk.bump_version() returns bigint
language plpgsql volatile security definer set search_path = '' as $$
declare
  v bigint;
begin
  update opsdesk.state set version = version + 1 returning version into v;
  if coalesce(current_setting('opsdesk.version_sent', true), '') <> txid_current()::text then
    perform set_config('opsdesk.version_sent', txid_current()::text, true);
    if to_regprocedure('realtime.send(jsonb, text, text, boolean)') is not null then
      perform realtime.send(jsonb_build_object('version', v), 'schema', 'opsdesk:schema', true);
    end if;
  end if;
  return v;
end
$$;

create function opsdesk.bump_version_trigger() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform opsdesk.bump_version();
  return null;
end
$$;

-- Keeps managed_tables (and through it the matrix) in step with the catalog: a renamed table
-- keeps its rows, a dropped one loses them.
-- A changed table's audit trigger function is written again (for `changed`, the relations
-- the DDL touched; their signatures decide).
create function opsdesk.sync_catalog(changed oid[] default '{}') returns void
language plpgsql volatile security definer set search_path = '' set client_min_messages = warning as $$
declare
  gone oid;
  rel oid;
begin
  update opsdesk.managed_tables m set schema_name = n.nspname, table_name = c.relname
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.oid = m.relid and (m.schema_name, m.table_name) is distinct from (n.nspname::text, c.relname::text);
  for gone in
    delete from opsdesk.managed_tables m
    where m.relid is not null and m.schema_name <> 'opsdesk'
      and not exists (select 1 from pg_catalog.pg_class c where c.oid = m.relid)
    returning m.relid
  loop
    execute format('drop function if exists opsdesk.%I()', 'audit_' || gone);
  end loop;
  for rel in
    select m.relid from opsdesk.managed_tables m
    join pg_catalog.pg_class c on c.oid = m.relid and c.relkind in ('r', 'p')
    where m.relid = any (changed) and m.audit_signature is distinct from opsdesk.audit_signature(m.relid)
  loop
    perform opsdesk.install_audit(rel);
  end loop;
end
$$;

create function opsdesk.on_ddl() returns event_trigger
language plpgsql set search_path = '' as $$
begin
  -- DDL of platform roles that may not call Opsdesk's functions leaves the version alone.
  if not pg_catalog.has_function_privilege('opsdesk.bump_version()', 'execute') then
    return;
  end if;
  perform opsdesk.sync_catalog(case when tg_event = 'sql_drop'
    then array(select d.objid from pg_catalog.pg_event_trigger_dropped_objects() d where d.object_type = 'table column')
    else array(select d.objid from pg_catalog.pg_event_trigger_ddl_commands() d
               where d.classid = 'pg_catalog.pg_class'::regclass) end);
  perform opsdesk.bump_version();
exception when others then
  -- Never fail the project's DDL because of Opsdesk (e.g. while `drop schema opsdesk`).
  raise warning 'opsdesk: schema version not updated: %', sqlerrm;
end
$$;

-- Without the event trigger (a role that may not create one), the version also carries a
-- fingerprint of the catalog, so describe() is still refreshed when the schema changes.
create function opsdesk.schema_version() returns text
language sql stable security definer set search_path = '' as $$
  select case when s.ddl_watch then s.version::text
    else s.version::text || '-' || (
      select md5(string_agg(c.oid::text || c.relname::text || c.relkind::text || c.relrowsecurity::text || coalesce(c.relacl::text, '')
                            || (select coalesce(string_agg(a.attname::text || a.atttypid::text || a.attnotnull::text, ',' order by a.attnum), '')
                                from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped),
                            ';' order by c.oid))
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'f') and not opsdesk.is_system_schema(n.nspname))
    end
  from opsdesk.state s
$$;

-- ---------------------------------------------------------------------------------------
-- Audit trail and live changes of managed tables.

-- Tells consoles watching the private channel `opsdesk:table:<schema>:<table>` that rows
-- changed (their keys, up to 100; null = "reload"). Only operators who may list or show the
-- table may join it. Nothing is sent where realtime's broadcast functions do not exist.
create function opsdesk.notify_change(schema_name text, table_name text, op text, keys jsonb) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if to_regprocedure('realtime.send(jsonb, text, text, boolean)') is null then
    return;
  end if;
  perform realtime.send(
    jsonb_build_object('schema', schema_name, 'table', table_name, 'op', op,
                       'keys', case when jsonb_array_length(coalesce(keys, '[]')) <= 100 then keys end),
    'change', format('opsdesk:table:%s:%s', schema_name, table_name), true);
end
$$;

-- SQL for a row's key object and its record_id over alias `t` (no function call per row:
-- the audit triggers run them over every row a statement writes).
create function opsdesk.key_sql(key_columns text[], alias text) returns text[]
language plpgsql immutable set search_path = '' as $$
declare
  object_sql text := format('jsonb_build_object(%s)',
                            (select string_agg(format('%L, %s.%I', k, alias, k), ', ') from unnest(key_columns) k));
begin
  if cardinality(key_columns) = 0 then
    return array['null::jsonb', 'null::text'];
  end if;
  return array[object_sql, case when cardinality(key_columns) = 1 then format('(%s.%I)::text', alias, key_columns[1])
                                else object_sql || '::text' end];
end
$$;

-- The statement an audit trigger runs for one write to a managed table (docs/any-project.md,
-- "The audit log"): one INSERT into the log from the statement's transition table(s), then
-- the first 101 keys for the live broadcast (JSON null: rows of a table without a key; SQL
-- null: nothing logged). Written from the catalog at each statement (the table's columns may
-- have changed), with keys, comparisons and left-out columns spelt out, so no function runs
-- per row:
--  * INSERT / DELETE: each row of new_rows / old_rows;
--  * UPDATE of a table with a key: old_rows and new_rows joined on the key with its own types;
--    a pair whose kept columns all compare equal is no entry; a row whose key changed is its
--    two sides, each with every kept column in `changed`. A column is compared with its
--    type's own `=` (a default btree or hash operator class of it, of a domain's base type or
--    of an array's elements), else as text (json, point, composite types).
-- Parameters: $1 actor id, $2 actor e-mail, $3 schema, $4 table (or the names `params` gives
-- them), and the keys are selected into `into_target` when it is given (static SQL of a
-- generated trigger function, opsdesk.install_audit).
create function opsdesk.audit_sql(rel oid, op text, params text[] default array['$1', '$2', '$3', '$4'],
                                  into_target text default null) returns text
language plpgsql stable set search_path = '' set plan_cache_mode = force_generic_plan as $$
declare
  into_clause text := coalesce(' into ' || into_target, '');
  keys text[] := opsdesk.key_columns(rel);
  excluded text[] := opsdesk.audit_excluded(rel);
  strip text := case when cardinality(excluded) > 0 then format(' - %L::text[]', excluded) else '' end;
  new_key text[] := opsdesk.key_sql(keys, 'n');
  old_key text[] := opsdesk.key_sql(keys, 'o');
  kept text[];
  differs text;
  changed text;
  logged_keys text := case when cardinality(keys) > 0
                           then format('select jsonb_agg(record_key)%s from (select record_key from logged limit 101) x', into_clause)
                           else format('select case when exists (select from logged) then ''null''::jsonb end%s', into_clause) end;
begin
  if op in ('INSERT', 'DELETE') then
    return format(
      'with logged as (
         insert into opsdesk.audit_log (actor_id, actor_email, schema_name, table_name, record_id, record_key, action, old, new)
         select %8$s, %1$s, %2$s, %3$L, %4$s, %5$s from %6$s n
         returning record_key)
       %7$s',
      new_key[2], new_key[1], op,
      case op when 'DELETE' then 'to_jsonb(n)' || strip else 'null' end,
      case op when 'INSERT' then 'to_jsonb(n)' || strip else 'null' end,
      case op when 'INSERT' then 'new_rows' else 'old_rows' end, logged_keys, array_to_string(params, ', '));
  end if;
  select array_agg(c.name order by c.name),
         string_agg(c.differs, ' or ' order by c.name),
         string_agg(format('case when %s then %L end', c.differs, c.name), ', ' order by c.name)
  into kept, differs, changed
  from (
    select a.attname::text as name,
           format(case when ct.typtype in ('e', 'r', 'm')
                         or (ct.typtype <> 'c' and exists (
                               select 1 from pg_catalog.pg_opclass oc join pg_catalog.pg_am am on am.oid = oc.opcmethod
                               where oc.opcintype = ct.oid and oc.opcdefault and am.amname in ('btree', 'hash')))
                       then 'o.%1$I is distinct from n.%1$I' else 'o.%1$I::text is distinct from n.%1$I::text' end,
                  a.attname) as differs
    from pg_catalog.pg_attribute a
    join pg_catalog.pg_type t on t.oid = a.atttypid
    join pg_catalog.pg_type bt on bt.oid = case when t.typtype = 'd' then t.typbasetype else t.oid end
    join pg_catalog.pg_type ct on ct.oid = case when bt.typcategory = 'A' and bt.typelem <> 0 then bt.typelem else bt.oid end
    where a.attrelid = rel and a.attnum > 0 and not a.attisdropped and not a.attname::text = any (excluded)) c;
  return format(
    'with logged as (
       insert into opsdesk.audit_log (actor_id, actor_email, schema_name, table_name, record_id, record_key, action, old, new, changed)
       select %12$s,
              case when n.%1$I is null then %2$s else %3$s end, case when n.%1$I is null then %4$s else %5$s end, ''UPDATE'',
              case when o.%1$I is not null then to_jsonb(o)%6$s end, case when n.%1$I is not null then to_jsonb(n)%6$s end,
              case when o.%1$I is null or n.%1$I is null then %7$L::text[]
                   else array_remove(array[%8$s]::text[], null) end
       from old_rows o full join new_rows n on %9$s
       where o.%1$I is null or n.%1$I is null or %10$s
       returning record_key)
     %11$s',
    keys[1], old_key[2], new_key[2], old_key[1], new_key[1], strip, coalesce(kept, '{}'), coalesce(changed, ''),
    (select string_agg(format('o.%1$I = n.%1$I', k), ' and ') from unnest(keys) k),
    coalesce(differs, 'false'), logged_keys, array_to_string(params, ', '));
end
$$;

-- What the audit SQL of a table is written from: its columns and their types, its key, the
-- columns left out. A generated trigger function holds the signature it was written for and
-- falls back to opsdesk.audit_sql whenever the table's differs.
create function opsdesk.audit_signature(rel oid) returns text
language plpgsql stable set search_path = '' as $$
begin
  return md5(concat_ws('|',
    (select string_agg(a.attname || ':' || a.atttypid::text, ',' order by a.attnum)
     from pg_catalog.pg_attribute a where a.attrelid = rel and a.attnum > 0 and not a.attisdropped),
    array_to_string(opsdesk.key_columns(rel), ','), array_to_string(opsdesk.audit_excluded(rel), ',')));
end
$$;

-- Writes the audit trigger function of one managed table, opsdesk.audit_<oid>(): the SQL of
-- opsdesk.audit_sql as static statements, planned once per session instead of at every write
-- (a single-row write's audit cost about halves). Before using them it compares the table's
-- signature with the one they were written for; on a difference (DDL the DDL watch did not see)
-- it runs opsdesk.audit_sql's statement for the table as it is now. Rewritten by manage_table,
-- set_table_settings and the DDL watch.
create function opsdesk.install_audit(rel oid) returns void
language plpgsql volatile security definer set search_path = '' set client_min_messages = warning as $$
declare
  signature text := opsdesk.audit_signature(rel);
  vars text[] := array['_opsdesk_actor', '_opsdesk_email', 'tg_table_schema', 'tg_table_name'];
begin
  execute format($f$
    create or replace function opsdesk.%1$I() returns trigger
    language plpgsql security definer set search_path = '' as $body$
    #variable_conflict use_variable
    declare
      _opsdesk_keys jsonb;
      _opsdesk_actor uuid := auth.uid();
      _opsdesk_email text := auth.jwt() ->> 'email';
    begin
      if opsdesk.audit_signature(tg_relid) is distinct from %2$L then
        execute opsdesk.audit_sql(tg_relid, tg_op) into _opsdesk_keys
          using _opsdesk_actor, _opsdesk_email, tg_table_schema, tg_table_name;
      elsif tg_op = 'INSERT' then
        %3$s;
      elsif tg_op = 'DELETE' then
        %4$s;
      else
        %5$s;
      end if;
      if _opsdesk_keys is not null then
        perform opsdesk.notify_change(tg_table_schema, tg_table_name, tg_op,
                                      case when jsonb_typeof(_opsdesk_keys) = 'array' then _opsdesk_keys end);
      end if;
      return null;
    end
    $body$
    $f$,
    'audit_' || rel, signature,
    opsdesk.audit_sql(rel, 'INSERT', vars, '_opsdesk_keys'), opsdesk.audit_sql(rel, 'DELETE', vars, '_opsdesk_keys'),
    case when cardinality(opsdesk.key_columns(rel)) > 0 then opsdesk.audit_sql(rel, 'UPDATE', vars, '_opsdesk_keys')
         else 'raise exception ''opsdesk: % has no key; its updates are audited per row'', tg_table_name' end);
  execute format('revoke all on function opsdesk.%I() from public, anon, authenticated, service_role', 'audit_' || rel);
  update opsdesk.managed_tables m set audit_signature = signature where m.relid = rel;
end
$$;

-- A table's audit trail: its trigger function and the triggers calling it, once per statement
-- (for a table without a key, updates per row: opsdesk.audit_update).
create function opsdesk.audit_hooks(rel oid) returns void
language plpgsql volatile security definer set search_path = '' set client_min_messages = warning as $$
declare
  target text := rel::regclass::text;
  fn text := format('opsdesk.%I()', 'audit_' || rel);
begin
  perform opsdesk.install_audit(rel);
  execute format('drop trigger if exists opsdesk_audit_insert on %s', target);
  execute format('drop trigger if exists opsdesk_audit_delete on %s', target);
  execute format('drop trigger if exists opsdesk_audit_update on %s', target);
  execute format('create trigger opsdesk_audit_insert after insert on %s referencing new table as new_rows
                  for each statement execute function %s', target, fn);
  execute format('create trigger opsdesk_audit_delete after delete on %s referencing old table as old_rows
                  for each statement execute function %s', target, fn);
  if cardinality(opsdesk.key_columns(rel)) > 0 then
    execute format('create trigger opsdesk_audit_update after update on %s
                    referencing old table as old_rows new table as new_rows
                    for each statement execute function %s', target, fn);
  else
    execute format('create trigger opsdesk_audit_update after update on %s
                    for each row execute function opsdesk.audit_update()', target);
  end if;
end
$$;

-- UPDATE, per row: old and new rows pair up whatever the key (also a changed key, or none).
-- On a partitioned table the row trigger fires on the partition: the entry names the table.
create function opsdesk.audit_update() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  rel oid := coalesce(pg_catalog.pg_partition_root(tg_relid), tg_relid);
  excluded text[] := opsdesk.audit_excluded(rel);
  keys text[] := opsdesk.key_columns(rel);
  root_schema text;
  root_table text;
  old_row jsonb := to_jsonb(old) - excluded;
  new_row jsonb := to_jsonb(new) - excluded;
  changed text[] := array(select n.key from jsonb_each(new_row) n
                          where n.value is distinct from old_row -> n.key order by n.key);
begin
  if cardinality(changed) = 0 then
    return null;
  end if;
  select n.nspname, c.relname into root_schema, root_table
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where c.oid = rel;
  insert into opsdesk.audit_log (actor_id, actor_email, schema_name, table_name, record_id, record_key, action, old, new, changed)
  values (auth.uid(), auth.jwt() ->> 'email', root_schema, root_table,
          opsdesk.record_id(opsdesk.key_of(new_row, keys)), opsdesk.key_of(new_row, keys), 'UPDATE', old_row, new_row, changed);
  return null;
end
$$;

create function opsdesk.audit_log_append_only() returns trigger
language plpgsql set search_path = '' as $$
begin
  perform opsdesk.fail('OPSDESK_AUDIT_APPEND_ONLY', 'The audit log cannot be changed.');
  return null;
end
$$;

-- ---------------------------------------------------------------------------------------
-- Managing a table.

-- What the API roles may already do on a relation (the Tables screen shows it before an
-- admin decides to grant on a table without RLS).
create function opsdesk.exposure(rel oid) returns jsonb
language sql stable set search_path = '' as $$
  select jsonb_object_agg(r, coalesce((
    select jsonb_agg(p order by p) from unnest(array['select', 'insert', 'update', 'delete']) p
    where pg_catalog.has_table_privilege(r, rel, p)), '[]'))
  from unnest(array['anon', 'authenticated']) r
$$;

-- Takes Opsdesk's policies and triggers off a table (managing again renews them).
create function opsdesk.remove_hooks(rel oid) returns void
language plpgsql volatile security definer set search_path = '' set client_min_messages = warning as $$
declare
  target text := rel::regclass::text;
  cmd text;
  trigger_name text;
begin
  -- Views carry neither (no policies, no triggers of Opsdesk's).
  if (select c.relkind from pg_catalog.pg_class c where c.oid = rel) not in ('r', 'p') then
    return;
  end if;
  foreach cmd in array array['select', 'insert', 'update', 'delete'] loop
    execute format('drop policy if exists %I on %s', 'opsdesk: operators ' || cmd, target);
    execute format('drop policy if exists %I on %s', 'opsdesk: operators only ' || cmd, target);
  end loop;
  foreach trigger_name in array array['opsdesk_audit_insert', 'opsdesk_audit_delete', 'opsdesk_audit_update'] loop
    execute format('drop trigger if exists %I on %s', trigger_name, target);
  end loop;
  execute format('drop function if exists opsdesk.%I()', 'audit_' || rel);
end
$$;

-- Makes schema.table manageable by operators (docs/any-project.md, "Managing a table"):
--  * RLS on: grants `authenticated` what it lacks of select/insert/update/delete, each with a
--    restrictive "operators only" policy (app users gain nothing), and adds the permissive
--    operator policies beside the project's own;
--  * RLS off: refused (OPSDESK_RLS_OFF, with what the API roles can do in DETAIL) unless
--    allow_without_rls, after which every signed-in user gets what is granted (no policy can
--    fence a table without RLS);
--  * views: read-only; grants select only where it is missing and allow_without_rls is set;
--  * the audit trigger and the live broadcast; the default matrix rows for the built-in roles.
-- Idempotent. Admins (or the service role / direct SQL).
create function opsdesk.manage_table(schema_name text, table_name text, allow_without_rls boolean default false)
returns jsonb
language plpgsql volatile security definer set search_path = '' set client_min_messages = warning as $$
declare
  rel oid := opsdesk.relation(schema_name, table_name);
  c record;
  target text := format('%I.%I', schema_name, table_name);
  is_view boolean;
  guarded boolean;
  privs text[];
  priv text;
  granted text[] := '{}';
  restricted text[] := '{}';
  known record;
  seq record;
  cmd text;
  can_expr text;
begin
  perform opsdesk.require_admin();
  select c2.relkind, c2.relrowsecurity, c2.relowner, n.nspname, coalesce(c2.reloptions, '{}') as options into c
  from pg_catalog.pg_class c2 join pg_catalog.pg_namespace n on n.oid = c2.relnamespace where c2.oid = rel;
  if opsdesk.is_system_schema(c.nspname) then
    perform opsdesk.fail('OPSDESK_NOT_MANAGEABLE', format('%s is in a schema of the platform and cannot be managed.', target));
  end if;
  if c.relkind = 'f' then
    perform opsdesk.fail('OPSDESK_NOT_MANAGEABLE', format('%s is a foreign table and cannot be managed.', target));
  end if;
  if not pg_catalog.pg_has_role(current_user, c.relowner, 'usage') then
    perform opsdesk.fail('OPSDESK_NOT_OWNER',
      format('%s belongs to %s; Opsdesk (as %s) cannot add its policies and trigger.', target, c.relowner::regrole, current_user),
      format('Run as that role: alter table %s owner to %s; then manage it again.', target, current_user));
  end if;
  is_view := c.relkind in ('v', 'm');
  -- A view carries no policies: a privilege granted on it reaches every signed-in user (through
  -- its tables' RLS when it is security_invoker), so it needs the admin's decision too.
  guarded := not is_view and c.relrowsecurity;
  privs := case when is_view then array['select'] else array['select', 'insert', 'update', 'delete'] end;
  select * into known from opsdesk.managed_tables m where m.relid = rel;

  -- Privileges `authenticated` lacks (or that Opsdesk granted before: still Opsdesk's).
  foreach priv in array privs loop
    if not pg_catalog.has_table_privilege('authenticated', rel, priv) or priv = any (coalesce(known.granted, '{}')) then
      granted := granted || priv;
    end if;
  end loop;
  if cardinality(granted) > 0 and not guarded and not allow_without_rls then
    perform opsdesk.fail('OPSDESK_RLS_OFF',
      format('%s has no row level security: granting %s to authenticated would open it to every signed-in user.',
             target, array_to_string(granted, ', ')),
      opsdesk.exposure(rel)::text);
  end if;

  foreach priv in array granted loop
    execute format('grant %s on %s to authenticated', priv, target);
  end loop;
  if 'insert' = any (granted) then
    -- Identity and serial columns need their sequence.
    for seq in
      select s.oid from pg_catalog.pg_depend d join pg_catalog.pg_class s on s.oid = d.objid and s.relkind = 'S'
      where d.refobjid = rel and d.deptype in ('a', 'i')
    loop
      if not pg_catalog.has_sequence_privilege('authenticated', seq.oid, 'usage') then
        execute format('grant usage on sequence %s to authenticated', seq.oid::regclass);
      end if;
    end loop;
  end if;

  perform opsdesk.remove_hooks(rel);
  if not is_view then
    -- Permissive operator policies.
    for cmd, can_expr in select * from (values
      ('select', format('(select opsdesk.can_rel(%s::oid, ''list'')) or (select opsdesk.can_rel(%s::oid, ''show''))', rel, rel)),
      ('insert', format('(select opsdesk.can_rel(%s::oid, ''create''))', rel)),
      ('update', format('(select opsdesk.can_rel(%s::oid, ''edit''))', rel)),
      ('delete', format('(select opsdesk.can_rel(%s::oid, ''delete''))', rel))) v(cmd, expr)
    loop
      if not c.relrowsecurity then
        continue;
      end if;
      -- Where the privilege is Opsdesk's own, its policies raise the error anyone else met before
      -- (the permissive one too: whichever Postgres evaluates first decides).
      if cmd = any (granted) then
        can_expr := format('(select opsdesk.guard(%s::oid, %L))', rel, cmd);
      end if;
      execute format('create policy %I on %s as permissive for %s to authenticated %s', 'opsdesk: operators ' || cmd, target, cmd,
        case cmd when 'select' then format('using (%s)', can_expr)
                 when 'insert' then format('with check (%s)', can_expr)
                 when 'update' then format('using (%1$s) with check (%1$s)', can_expr)
                 else format('using (%s)', can_expr) end);
      -- A privilege Opsdesk granted reaches operators only; anyone else meets the error they met before.
      if cmd = any (granted) then
        execute format('create policy %I on %s as restrictive for %s to authenticated %s', 'opsdesk: operators only ' || cmd,
          target, cmd,
          case cmd when 'insert' then format('with check (%s)', can_expr)
                   when 'update' then format('using (%1$s) with check (%1$s)', can_expr)
                   else format('using (%s)', can_expr) end);
        restricted := restricted || cmd;
      end if;
    end loop;
  end if;

  insert into opsdesk.managed_tables as m (schema_name, table_name, relid, allow_without_rls, granted, restricted, managed_by)
  values (manage_table.schema_name, manage_table.table_name, rel, manage_table.allow_without_rls and not guarded,
          granted, restricted, auth.uid())
  on conflict on constraint managed_tables_pkey do update
    set relid = excluded.relid, allow_without_rls = m.allow_without_rls or excluded.allow_without_rls,
        granted = excluded.granted, restricted = excluded.restricted;

  if not is_view then
    perform opsdesk.audit_hooks(rel);
  end if;

  -- The default matrix (docs/any-project.md): admin everything, editor all but delete,
  -- viewer reads and exports; views are read-only.
  insert into opsdesk.permissions (role, schema_name, table_name, action)
  select r.role, manage_table.schema_name, manage_table.table_name, a
  from (values
    ('admin', array['list', 'show', 'create', 'edit', 'delete', 'export', 'import']),
    ('editor', array['list', 'show', 'create', 'edit', 'export', 'import']),
    ('viewer', array['list', 'show', 'export'])) r(role, actions)
  cross join lateral unnest(r.actions) a
  where not is_view or a in ('list', 'show', 'export')
  on conflict do nothing;

  perform opsdesk.bump_version();
  return jsonb_build_object('schema', schema_name, 'table', table_name, 'granted', to_jsonb(granted),
                            'restricted', to_jsonb(restricted), 'rls', c.relrowsecurity, 'exposure', opsdesk.exposure(rel));
end
$$;

-- Undoes manage_table: its policies, trigger, the privileges it granted, the matrix rows.
create function opsdesk.unmanage_table(schema_name text, table_name text) returns void
language plpgsql volatile security definer set search_path = '' set client_min_messages = warning as $$
declare
  rel oid := opsdesk.relation(schema_name, table_name);
  known opsdesk.managed_tables;
  target text := format('%I.%I', schema_name, table_name);
  priv text;
begin
  perform opsdesk.require_admin();
  select * into known from opsdesk.managed_tables m
  where m.schema_name = unmanage_table.schema_name and m.table_name = unmanage_table.table_name;
  if not found then
    perform opsdesk.fail('OPSDESK_NOT_MANAGED', format('%s is not managed by Opsdesk.', target));
  end if;
  perform opsdesk.remove_hooks(rel);
  foreach priv in array known.granted loop
    execute format('revoke %s on %s from authenticated', priv, target);
  end loop;
  delete from opsdesk.managed_tables m
  where m.schema_name = unmanage_table.schema_name and m.table_name = unmanage_table.table_name;
  perform opsdesk.bump_version();
end
$$;

-- The Tables screen's save: replaces a table's settings (admins). A key naming a column must
-- name one of the table's (OPSDESK_BAD_SETTINGS otherwise), so a typo cannot hide a field.
create function opsdesk.set_table_settings(schema_name text, table_name text, settings jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  rel oid := opsdesk.relation(schema_name, table_name);
  bad text;
begin
  perform opsdesk.require_admin();
  if jsonb_typeof(settings) is distinct from 'object' then
    perform opsdesk.fail('OPSDESK_BAD_SETTINGS', 'Settings must be an object.');
  end if;
  select x into bad from (
    select settings ->> 'title_field' as x
    union all select jsonb_array_elements_text(coalesce(settings -> k, '[]'))
    from unnest(array['list_columns', 'hidden', 'search_columns', 'audit_exclude']) k where jsonb_typeof(settings -> k) = 'array'
    union all select jsonb_object_keys(settings -> k)
    from unnest(array['field_labels', 'help', 'file_columns']) k where jsonb_typeof(settings -> k) = 'object'
    union all select settings -> 'default_sort' ->> 'field') names
  where x is not null and not exists (
    select 1 from pg_catalog.pg_attribute a where a.attrelid = rel and a.attname = x and a.attnum > 0 and not a.attisdropped)
  limit 1;
  if bad is not null then
    perform opsdesk.fail('OPSDESK_BAD_SETTINGS', format('%s.%s has no column %s.', schema_name, table_name, bad));
  end if;
  insert into opsdesk.table_settings as t (schema_name, table_name, settings)
  values (set_table_settings.schema_name, set_table_settings.table_name, set_table_settings.settings)
  on conflict on constraint table_settings_pkey do update set settings = excluded.settings;
  -- settings.audit_exclude changes what the table's audit trigger function writes.
  perform opsdesk.sync_catalog(array[rel]);
  return settings;
end
$$;

-- At install: every table with RLS on in a schema `authenticated` may use. Tables without
-- RLS and views wait for an admin (describe lists them as not managed yet).
create function opsdesk.manage_existing() returns int
language plpgsql volatile security definer set search_path = '' as $$
declare
  t record;
  done int := 0;
begin
  perform opsdesk.require_admin();
  for t in
    select n.nspname::text as s, c.relname::text as r
    from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and c.relrowsecurity and not c.relispartition
      and n.nspname = any (opsdesk.exposed_schemas())
      and pg_catalog.pg_has_role(current_user, c.relowner, 'usage')
      and not exists (select 1 from opsdesk.managed_tables m where m.relid = c.oid)
    order by 1, 2
  loop
    perform opsdesk.manage_table(t.s, t.r);
    done := done + 1;
  end loop;
  return done;
end
$$;

-- ---------------------------------------------------------------------------------------
-- Operators.

-- The first admin, from the dashboard's SQL editor: select opsdesk.make_admin('you@example.com');
create function opsdesk.make_admin(email text) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid;
begin
  perform opsdesk.require_admin();
  select u.id into uid from auth.users u where lower(u.email) = lower(make_admin.email);
  if uid is null then
    perform opsdesk.fail('OPSDESK_NO_SUCH_USER', format('No user has the e-mail %s: create the user first.', email));
  end if;
  insert into opsdesk.operators (user_id, role, active) values (uid, 'admin', true)
  on conflict (user_id) do update set role = 'admin', active = true;
  return uid;
end
$$;

-- An admin makes an existing auth user an operator (the console's Operators screen).
create function opsdesk.add_operator(email text, role text default 'viewer', full_name text default null) returns uuid
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid;
begin
  perform opsdesk.require_admin();
  if not exists (select 1 from opsdesk.roles r where r.name = add_operator.role) then
    perform opsdesk.fail('OPSDESK_NO_SUCH_ROLE', format('There is no role %s.', role));
  end if;
  select u.id into uid from auth.users u where lower(u.email) = lower(add_operator.email);
  if uid is null then
    perform opsdesk.fail('OPSDESK_NO_SUCH_USER', format('No user has the e-mail %s: invite them first.', email));
  end if;
  insert into opsdesk.operators (user_id, role, full_name, active) values (uid, add_operator.role, add_operator.full_name, true)
  on conflict (user_id) do update set role = excluded.role, active = true,
    full_name = coalesce(excluded.full_name, opsdesk.operators.full_name);
  return uid;
end
$$;

-- An operator names themselves (the console's profile): their own row's full_name and nothing
-- else, trimmed (blank is refused by operators_full_name_check; null clears it).
create function opsdesk.set_my_name(full_name text) returns text
language plpgsql volatile security definer set search_path = '' as $$
declare
  saved text;
begin
  perform opsdesk.require_operator();
  update opsdesk.operators o set full_name = btrim(set_my_name.full_name)
  where o.user_id = auth.uid()
  returning o.full_name into saved;
  return saved;
end
$$;

-- The operators as the console's Operators screen lists them (admins): with what their auth
-- account says about them, which an admin may not read from auth.users through the API. An
-- account invited but never signed in has invited_at and no last_sign_in_at; mfa is a verified
-- second factor.
create function opsdesk.operator_list()
returns table (user_id uuid, email text, full_name text, role text, active boolean, created_at timestamptz,
               last_sign_in_at timestamptz, invited_at timestamptz, mfa boolean)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform opsdesk.require_admin();
  return query
    select o.user_id, coalesce(o.email, u.email::text), o.full_name, o.role, o.active, o.created_at,
           u.last_sign_in_at, u.invited_at,
           exists (select 1 from auth.mfa_factors f where f.user_id = o.user_id and f.status = 'verified')
    from opsdesk.operators o
    join auth.users u on u.id = o.user_id
    order by o.active desc, lower(coalesce(o.full_name, o.email)), o.user_id;
end
$$;

create function opsdesk.operators_defaults() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' or new.user_id is distinct from old.user_id then
    select u.email into new.email from auth.users u where u.id = new.user_id;
  end if;
  new.updated_at := now();
  return new;
end
$$;

-- The last active admin stays; an operator does not deactivate or re-role themselves.
create function opsdesk.operators_rules() returns trigger
language plpgsql set search_path = '' as $$
begin
  if old.role = 'admin' and old.active
     and (tg_op = 'DELETE' or new.role <> 'admin' or not new.active)
     and not exists (select 1 from opsdesk.operators o where o.role = 'admin' and o.active and o.user_id <> old.user_id) then
    perform opsdesk.fail('OPSDESK_LAST_ADMIN', 'At least one active admin must remain.');
  end if;
  if tg_op = 'UPDATE' and old.user_id = auth.uid() then
    if old.active and not new.active then
      perform opsdesk.fail('OPSDESK_SELF_DEACTIVATE', 'You cannot deactivate your own account.');
    end if;
    if new.role <> old.role then
      perform opsdesk.fail('OPSDESK_SELF_ROLE', 'You cannot change your own role.');
    end if;
  end if;
  if tg_op = 'DELETE' and old.user_id = auth.uid() then
    perform opsdesk.fail('OPSDESK_SELF_REMOVE', 'You cannot remove your own operator account.');
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end
$$;

create function opsdesk.operators_follow_auth_email() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update opsdesk.operators o set email = new.email
  where o.user_id = new.id and o.email is distinct from new.email;
  return null;
end
$$;

create function opsdesk.roles_rules() returns trigger
language plpgsql set search_path = '' as $$
begin
  if old.builtin and (tg_op = 'DELETE' or new.name <> old.name) and old.name = 'admin' then
    perform opsdesk.fail('OPSDESK_BUILTIN_ROLE', 'The admin role cannot be renamed or removed.');
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end
$$;

-- Each operator hears about changes to what they may do on `opsdesk:access:<user id>`; a
-- change to their own operator row says whether they are still active, so a deactivated or
-- removed operator's console signs out at once with the reason (the console's endsAccess).
create function opsdesk.broadcast_operator_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if to_regprocedure('realtime.send(jsonb, text, text, boolean)') is not null then
    perform realtime.send(
      jsonb_build_object(
        'operation', tg_op,
        'table', 'operators',
        'record', case when tg_op = 'DELETE' then null else jsonb_build_object('active', new.active) end),
      'access', 'opsdesk:access:' || coalesce(new.user_id, old.user_id)::text, true);
  end if;
  return null;
end
$$;

create function opsdesk.broadcast_permission_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if to_regprocedure('realtime.send(jsonb, text, text, boolean)') is not null then
    perform realtime.send(jsonb_build_object('operation', tg_op), 'access', 'opsdesk:access:' || o.user_id::text, true)
    from opsdesk.operators o
    where o.role = new.role or o.role = old.role;
  end if;
  return null;
end
$$;

-- Settings reach other consoles at once: `opsdesk:schema` carries the new version.
create function opsdesk.table_settings_stamp() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  new.updated_by := auth.uid();
  return new;
end
$$;

create function opsdesk.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create function opsdesk.saved_views_single_default() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.is_default then
    update opsdesk.saved_views v set is_default = false
    where v.owner = new.owner and v.resource = new.resource and v.is_default and v.id <> new.id;
  end if;
  return new;
end
$$;

create trigger b10_defaults before insert or update on opsdesk.operators
  for each row execute function opsdesk.operators_defaults();
create trigger b20_rules before update or delete on opsdesk.operators
  for each row execute function opsdesk.operators_rules();
create trigger b10_rules before update or delete on opsdesk.roles
  for each row execute function opsdesk.roles_rules();
create trigger b10_stamp before insert or update on opsdesk.table_settings
  for each row execute function opsdesk.table_settings_stamp();
create trigger b10_single_default before insert or update of is_default on opsdesk.saved_views
  for each row execute function opsdesk.saved_views_single_default();
create trigger b90_updated_at before update on opsdesk.saved_views
  for each row execute function opsdesk.touch_updated_at();
create trigger b90_updated_at before update on opsdesk.list_columns
  for each row execute function opsdesk.touch_updated_at();
create trigger b90_updated_at before update on opsdesk.preferences
  for each row execute function opsdesk.touch_updated_at();
create trigger b10_append_only before update or delete on opsdesk.audit_log
  for each row execute function opsdesk.audit_log_append_only();
create trigger b10_append_only_truncate before truncate on opsdesk.audit_log
  for each statement execute function opsdesk.audit_log_append_only();
create trigger opsdesk_follow_email after update of email on auth.users
  for each row execute function opsdesk.operators_follow_auth_email();
create trigger a90_broadcast_access after insert or update or delete on opsdesk.operators
  for each row execute function opsdesk.broadcast_operator_change();
create trigger a90_broadcast_access after insert or update or delete on opsdesk.permissions
  for each row execute function opsdesk.broadcast_permission_change();

do $$
declare
  t text;
begin
  foreach t in array array['roles', 'operators', 'permissions', 'managed_tables', 'table_settings'] loop
    execute format('create trigger a99_version after insert or update or delete or truncate on opsdesk.%I
                    for each statement execute function opsdesk.bump_version_trigger()', t);
  end loop;
end
$$;

-- The audit log is a row of the matrix (admins and editors read it by default), and the
-- entries of Opsdesk's own tables are read by admins: they are rows of the matrix too.
insert into opsdesk.managed_tables (schema_name, table_name, relid)
select 'opsdesk', t, ('opsdesk.' || t)::regclass::oid
from unnest(array['audit_log', 'roles', 'operators', 'permissions', 'table_settings']) t;
insert into opsdesk.permissions (role, schema_name, table_name, action)
select r, 'opsdesk', 'audit_log', a
from unnest(array['admin', 'editor']) r, unnest(array['list', 'show', 'export']) a
union all
select 'admin', 'opsdesk', t, 'show'
from unnest(array['roles', 'operators', 'permissions', 'table_settings']) t;

-- ---------------------------------------------------------------------------------------
-- Row-level security of Opsdesk's tables.

alter table opsdesk.roles enable row level security;
alter table opsdesk.operators enable row level security;
alter table opsdesk.managed_tables enable row level security;
alter table opsdesk.permissions enable row level security;
alter table opsdesk.audit_log enable row level security;
alter table opsdesk.saved_views enable row level security;
alter table opsdesk.list_columns enable row level security;
alter table opsdesk.preferences enable row level security;
alter table opsdesk.table_settings enable row level security;
alter table opsdesk.state enable row level security;
alter table opsdesk.installed enable row level security;

create policy "roles: operators read" on opsdesk.roles for select to authenticated
  using ((select opsdesk.is_operator()));
create policy "roles: admins write" on opsdesk.roles for all to authenticated
  using ((select opsdesk.is_admin())) with check ((select opsdesk.is_admin()));

create policy "operators: admins read, each their own row" on opsdesk.operators for select to authenticated
  using ((select opsdesk.is_admin()) or user_id = (select auth.uid()));
create policy "operators: admins write" on opsdesk.operators for all to authenticated
  using ((select opsdesk.is_admin())) with check ((select opsdesk.is_admin()));

create policy "managed_tables: operators read" on opsdesk.managed_tables for select to authenticated
  using ((select opsdesk.is_operator()));

create policy "permissions: admins read, each their role's rows" on opsdesk.permissions for select to authenticated
  using ((select opsdesk.is_admin()) or role = (select opsdesk.operator_role()));
create policy "permissions: admins write" on opsdesk.permissions for all to authenticated
  using ((select opsdesk.is_admin())) with check ((select opsdesk.is_admin()));

-- An entry shows a record's values: readable only by who may read the audit log AND show
-- the entry's table (the allowed tables once per statement, an initplan).
create policy "audit_log: entries of tables the reader may show" on opsdesk.audit_log for select to authenticated
  using (
    ((select opsdesk.can('opsdesk', 'audit_log', 'list')) or (select opsdesk.can('opsdesk', 'audit_log', 'show')))
    and (schema_name || '.' || table_name) = any ((select opsdesk.allowed_tables('show'))::text[])
  );

create policy "saved_views: own, for tables the owner may list" on opsdesk.saved_views for all to authenticated
  using (owner = (select auth.uid()) and resource = any ((select opsdesk.allowed_tables('list'))::text[]))
  with check (owner = (select auth.uid()) and resource = any ((select opsdesk.allowed_tables('list'))::text[]));

create policy "list_columns: own, for tables the owner may list" on opsdesk.list_columns for all to authenticated
  using (user_id = (select auth.uid()) and resource = any ((select opsdesk.allowed_tables('list'))::text[]))
  with check (user_id = (select auth.uid()) and resource = any ((select opsdesk.allowed_tables('list'))::text[]));

create policy "preferences: own, while an operator" on opsdesk.preferences for all to authenticated
  using (user_id = (select auth.uid()) and (select opsdesk.is_operator()))
  with check (user_id = (select auth.uid()) and (select opsdesk.is_operator()));

create policy "table_settings: operators read" on opsdesk.table_settings for select to authenticated
  using ((select opsdesk.is_operator()));
create policy "table_settings: admins write" on opsdesk.table_settings for all to authenticated
  using ((select opsdesk.is_admin())) with check ((select opsdesk.is_admin()));

grant select, insert, update, delete on opsdesk.roles, opsdesk.operators, opsdesk.permissions,
  opsdesk.saved_views, opsdesk.list_columns, opsdesk.preferences, opsdesk.table_settings to authenticated;
grant select on opsdesk.managed_tables, opsdesk.audit_log to authenticated;
grant all on all tables in schema opsdesk to service_role;
grant usage on all sequences in schema opsdesk to service_role;

-- Private channels (realtime.messages policies; realtime.topic() is the channel's topic):
--   opsdesk:access:<user id>              that user only (changes to their operator row or role's matrix)
--   opsdesk:schema                        active operators (schema version, table settings)
--   opsdesk:table:<schema>:<table>        operators who may list or show the table (changed keys)
--   opsdesk:record:<schema>:<table>:<key> operators who may show the table (the viewers, sent only by
--                                         opsdesk.record_presence; clients track presence, never broadcast)
create function opsdesk.channel_table(topic text, kind text) returns text[]
language sql immutable set search_path = '' as $$
  select case when m is not null then array[m[1], m[2]] end
  from (select regexp_match(topic, '^opsdesk:' || kind || ':([^:]+):([^:]+)' ||
                                   case when kind = 'record' then ':.+$' else '$' end) as m) x
$$;

create function opsdesk.may_join(topic text) returns boolean
language sql stable security definer set search_path = '' as $$
  select case
    when topic = 'opsdesk:access:' || auth.uid()::text then true
    when topic = 'opsdesk:schema' then opsdesk.is_operator()
    when topic like 'opsdesk:table:%' then
      coalesce((select opsdesk.can(t[1], t[2], 'list') or opsdesk.can(t[1], t[2], 'show')
                from (select opsdesk.channel_table(topic, 'table') t) x), false)
    when topic like 'opsdesk:record:%' then
      coalesce((select opsdesk.can(t[1], t[2], 'show') from (select opsdesk.channel_table(topic, 'record') t) x), false)
    else false
  end
$$;

create function opsdesk.may_send(topic text) returns boolean
language sql stable security definer set search_path = '' as $$
  select topic like 'opsdesk:record:%'
     and coalesce((select opsdesk.can(t[1], t[2], 'show') from (select opsdesk.channel_table(topic, 'record') t) x), false)
$$;

create policy "opsdesk channels: who may listen" on realtime.messages for select to authenticated
  using (realtime.topic() like 'opsdesk:%' and extension in ('broadcast', 'presence')
         and (select opsdesk.may_join(realtime.topic())));
create policy "opsdesk channels: presence on records" on realtime.messages for insert to authenticated
  with check (realtime.topic() like 'opsdesk:record:%' and extension = 'presence'
              and (select opsdesk.may_send(realtime.topic())));

-- Who is on a record (docs/any-project.md, "Who is on a record"). Realtime presence carries
-- whatever a client tracks, unchecked: anyone could appear as "Ada Admin is editing". So the
-- database tells who views or edits a record of a managed table:
-- * opsdesk.record_presence(schema, table, record_id, tab, mode) records the caller
--   (auth.uid(), never a name or id from the request) in one browser tab, and answers the
--   record's viewers, one entry per active operator, named from opsdesk.operators, editing
--   when any of their tabs edits; an entry not renewed for 60 s is gone.
-- * opsdesk.record_presence_leave(schema, table, record_id, tab) takes the tab off.
-- * When the viewers change, the call sends them on `opsdesk:record:<schema>:<table>:<record_id>`,
--   to which no client may send a broadcast (the policy above: presence only). Each answer
--   carries a version, increasing per record in commit order (an advisory lock per topic).
-- record_id is the text the console puts in the topic: a one-column key's value, else
-- opsdesk.record_id(key) (the key object's JSON).
create table opsdesk.record_viewers (
  topic text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  tab uuid not null,
  editing boolean not null,
  seen_at timestamptz not null default now(),
  primary key (topic, user_id, tab)
);
comment on table opsdesk.record_viewers is 'Who views or edits a record, per browser tab; written by opsdesk.record_presence only.';
create index record_viewers_seen_idx on opsdesk.record_viewers (seen_at);
create index record_viewers_user_idx on opsdesk.record_viewers (user_id);
-- Only the functions below read or write it (security definer); no policy, no grant.
alter table opsdesk.record_viewers enable row level security;
revoke all on opsdesk.record_viewers from public, anon, authenticated, service_role;
create sequence opsdesk.record_viewers_version;
revoke all on sequence opsdesk.record_viewers_version from public, anon, authenticated, service_role;

-- A record's viewers as the console shows them: active operators seen within 60 s.
create function opsdesk.record_viewers_of(topic text) returns jsonb
language sql volatile security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('user_id', v.user_id, 'name', v.name,
                                               'mode', case when v.editing then 'editing' else 'viewing' end,
                                               'tabs', v.tabs)
                            order by v.name, v.user_id), '[]')
  from (
    select r.user_id, bool_or(r.editing) as editing, coalesce(nullif(btrim(o.full_name), ''), o.email) as name,
           array_agg(r.tab order by r.tab) as tabs
    from opsdesk.record_viewers r
    join opsdesk.operators o on o.user_id = r.user_id and o.active
    where r.topic = record_viewers_of.topic and r.seen_at > now() - interval '60 seconds'
    group by r.user_id, o.full_name, o.email
  ) v
$$;

-- The topic of a record of a table the caller may show (42501 otherwise, also for a name that
-- would make another topic), with the tab and record id checked (22023).
create function opsdesk.record_viewers_topic(schema_name text, table_name text, record_id text, tab uuid) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  topic text := format('opsdesk:record:%s:%s:%s', schema_name, table_name, record_id);
begin
  if tab is null or record_id is null or char_length(record_id) not between 1 and 1000 then
    perform opsdesk.fail('OPSDESK_BAD_PRESENCE', 'A record''s presence needs a tab id and the record''s id (1 to 1000 characters).');
  end if;
  if opsdesk.channel_table(topic, 'record') is distinct from array[schema_name, table_name]
     or not opsdesk.can(schema_name, table_name, 'show') then
    perform opsdesk.fail('OPSDESK_FORBIDDEN', 'You don''t have permission to do that.');
  end if;
  return topic;
end
$$;

-- Puts the caller's tab on the topic (editing or viewing) or, with is_editing null, takes it
-- off, under the topic's lock; sends the viewers when they changed; answers them.
create function opsdesk.record_viewers_change(the_topic text, the_tab uuid, is_editing boolean) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
  before jsonb;
  after jsonb;
  answer jsonb;
begin
  perform pg_advisory_xact_lock(hashtextextended('opsdesk.record_viewers:' || the_topic, 0));
  before := opsdesk.record_viewers_of(the_topic);
  delete from opsdesk.record_viewers r where r.topic = the_topic and r.seen_at <= now() - interval '60 seconds';
  -- Tabs of records nobody opened again go too, a few at a time (already shown by no one).
  delete from opsdesk.record_viewers r where r.ctid = any (array(
    select s.ctid from opsdesk.record_viewers s where s.seen_at <= now() - interval '1 hour'
    limit 100 for update skip locked));
  if is_editing is null then
    delete from opsdesk.record_viewers r where r.topic = the_topic and r.user_id = me and r.tab = the_tab;
  else
    insert into opsdesk.record_viewers as r (topic, user_id, tab, editing, seen_at)
    values (the_topic, me, the_tab, is_editing, now())
    on conflict (topic, user_id, tab) do update set editing = excluded.editing, seen_at = excluded.seen_at;
  end if;
  after := opsdesk.record_viewers_of(the_topic);
  answer := jsonb_build_object('viewers', after, 'version', nextval('opsdesk.record_viewers_version'));
  if after is distinct from before and to_regprocedure('realtime.send(jsonb, text, text, boolean)') is not null then
    perform realtime.send(answer, 'viewers', the_topic, true);
  end if;
  return answer;
end
$$;

create function opsdesk.record_presence(schema_name text, table_name text, record_id text, tab uuid,
                                        mode text default 'viewing') returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
begin
  if mode is null or mode not in ('viewing', 'editing') then
    perform opsdesk.fail('OPSDESK_BAD_PRESENCE', 'A record''s viewers are "viewing" or "editing".');
  end if;
  return opsdesk.record_viewers_change(opsdesk.record_viewers_topic(schema_name, table_name, record_id, tab), tab,
                                       mode = 'editing');
end
$$;

create function opsdesk.record_presence_leave(schema_name text, table_name text, record_id text, tab uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
begin
  return opsdesk.record_viewers_change(opsdesk.record_viewers_topic(schema_name, table_name, record_id, tab), tab, null);
end
$$;

-- ---------------------------------------------------------------------------------------
-- What the console asks.

-- { user_id, role, active, is_admin, mfa_ok, permissions: {"schema.table": [actions]} }
create function opsdesk.my_access() returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'user_id', auth.uid(),
    'role', o.role,
    'active', coalesce(o.active, false),
    'is_admin', opsdesk.is_admin(),
    'mfa_ok', opsdesk.mfa_ok(),
    'permissions', coalesce((
      select jsonb_object_agg(t, actions) from (
        select p.schema_name || '.' || p.table_name as t,
               jsonb_agg(p.action order by array_position(array['list', 'show', 'create', 'edit', 'delete', 'export', 'import'], p.action)) as actions
        from opsdesk.permissions p
        where p.role = opsdesk.operator_role()
        group by 1) x), '{}'))
  from (select 1) one
  left join opsdesk.operators o on o.user_id = auth.uid()
$$;

-- A column's category for the console's type map (docs/any-project.md, describe()).
create function opsdesk.type_category(typ oid) returns text
language sql stable set search_path = '' as $$
  select case
    when t.typtype = 'd' then opsdesk.type_category(t.typbasetype)
    when t.typtype = 'e' then 'enum'
    when t.typcategory = 'A' then 'array'
    when t.oid in ('int2'::regtype, 'int4'::regtype, 'int8'::regtype) then 'integer'
    when t.typcategory = 'N' then 'number'
    when t.typcategory = 'S' then 'text'
    when t.oid = 'bool'::regtype then 'boolean'
    when t.oid = 'date'::regtype then 'date'
    when t.oid = 'timestamp'::regtype then 'timestamp'
    when t.oid = 'timestamptz'::regtype then 'timestamptz'
    when t.oid in ('time'::regtype, 'timetz'::regtype) then 'time'
    when t.oid = 'interval'::regtype then 'interval'
    when t.oid = 'uuid'::regtype then 'uuid'
    when t.oid in ('json'::regtype, 'jsonb'::regtype) then 'json'
    when t.oid = 'bytea'::regtype then 'bytea'
    when t.typname in ('vector', 'halfvec', 'sparsevec') then 'vector'
    when t.typname = 'citext' then 'text'
    else 'other'
  end
  from pg_catalog.pg_type t where t.oid = typ
$$;

create function opsdesk.enum_values(typ oid) returns jsonb
language sql stable set search_path = '' as $$
  select case
    when t.typtype = 'd' then opsdesk.enum_values(t.typbasetype)
    when t.typtype = 'e' then (select jsonb_agg(e.enumlabel order by e.enumsortorder) from pg_catalog.pg_enum e where e.enumtypid = t.oid)
  end
  from pg_catalog.pg_type t where t.oid = typ
$$;

-- The text columns a search reads: the admin's choice (settings.search_columns), else those
-- with a trigram index, else every text column (at most 8).
create function opsdesk.search_columns(rel oid) returns text[]
language sql stable security definer set search_path = '' as $$
  with cols as (
    select a.attname::text as name, a.attnum,
           exists (select 1 from pg_catalog.pg_index i join pg_catalog.pg_class ic on ic.oid = i.indexrelid
                   join pg_catalog.pg_opclass oc on oc.oid = any (i.indclass::oid[])
                   where i.indrelid = rel and a.attnum = any (i.indkey::int2[]) and oc.opcname like '%trgm%') as indexed
    from pg_catalog.pg_attribute a
    where a.attrelid = rel and a.attnum > 0 and not a.attisdropped and opsdesk.type_category(a.atttypid) = 'text'
  ), chosen as (
    select array(select jsonb_array_elements_text(s.settings -> 'search_columns')) as names
    from opsdesk.table_settings s join pg_catalog.pg_class c on c.relname = s.table_name
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace and n.nspname = s.schema_name
    where c.oid = rel and jsonb_typeof(s.settings -> 'search_columns') = 'array'
  )
  select coalesce(
    (select array(select c.name from cols c where c.name = any (ch.names) order by c.attnum) from chosen ch),
    nullif(array(select c.name from cols c where c.indexed order by c.attnum), '{}'),
    array(select c.name from cols c order by c.attnum limit 8))
$$;

create function opsdesk.describe_relation(rel oid, managed boolean, permissions jsonb) returns jsonb
language sql stable security invoker set search_path = '' as $$
  select jsonb_build_object(
    'schema', n.nspname,
    'name', c.relname,
    'kind', case c.relkind when 'r' then 'table' when 'p' then 'partitioned_table' when 'v' then 'view'
                           when 'm' then 'materialized_view' when 'f' then 'foreign_table' end,
    'comment', pg_catalog.obj_description(c.oid, 'pg_class'),
    'rls', jsonb_build_object('enabled', c.relrowsecurity, 'forced', c.relforcerowsecurity),
    'managed', managed,
    'security_invoker', case when c.relkind in ('v', 'm') then coalesce('security_invoker=true' = any (c.reloptions) or 'security_invoker=on' = any (c.reloptions), false) end,
    'exposure', opsdesk.exposure(c.oid),
    'privileges', jsonb_build_object(
      'select', pg_catalog.has_table_privilege(c.oid, 'select') or pg_catalog.has_any_column_privilege(c.oid, 'select'),
      'insert', pg_catalog.has_table_privilege(c.oid, 'insert') or pg_catalog.has_any_column_privilege(c.oid, 'insert'),
      'update', pg_catalog.has_table_privilege(c.oid, 'update') or pg_catalog.has_any_column_privilege(c.oid, 'update'),
      'delete', pg_catalog.has_table_privilege(c.oid, 'delete')),
    'permissions', permissions,
    'primary_key', nullif(to_jsonb(opsdesk.key_columns(c.oid)), '[]'),
    'estimated_rows', case when c.reltuples < 0 then null else c.reltuples::bigint end,
    'columns', coalesce((
      select jsonb_agg(jsonb_build_object(
        'name', a.attname,
        'position', a.attnum,
        'type', pg_catalog.format_type(a.atttypid, a.atttypmod),
        'category', tc.category,
        'element', case when tc.category = 'array' then (
          select jsonb_build_object('type', pg_catalog.format_type(et.oid, null), 'category', opsdesk.type_category(et.oid),
                                    'enum', opsdesk.enum_values(et.oid))
          from pg_catalog.pg_type at join pg_catalog.pg_type et on et.oid = at.typelem
          where at.oid = coalesce(nullif((select bt.typbasetype from pg_catalog.pg_type bt where bt.oid = a.atttypid), 0), a.atttypid)) end,
        'nullable', not a.attnotnull,
        'default', case when a.attgenerated = '' then pg_catalog.pg_get_expr(d.adbin, d.adrelid) end,
        'identity', case a.attidentity when 'a' then 'always' when 'd' then 'by default' end,
        'generated', case a.attgenerated when 's' then 'stored' when 'v' then 'virtual' end,
        'max_length', case when a.atttypid in ('varchar'::regtype, 'bpchar'::regtype) and a.atttypmod > 4 then a.atttypmod - 4 end,
        'precision', case when a.atttypid = 'numeric'::regtype and a.atttypmod > 4 then ((a.atttypmod - 4) >> 16) & 65535 end,
        'scale', case when a.atttypid = 'numeric'::regtype and a.atttypmod > 4 then (a.atttypmod - 4) & 65535 end,
        'enum', opsdesk.enum_values(a.atttypid),
        'comment', pg_catalog.col_description(c.oid, a.attnum),
        'privileges', jsonb_build_object(
          'select', pg_catalog.has_column_privilege(c.oid, a.attnum, 'select'),
          'insert', pg_catalog.has_column_privilege(c.oid, a.attnum, 'insert'),
          'update', pg_catalog.has_column_privilege(c.oid, a.attnum, 'update'))
      ) order by a.attnum)
      from pg_catalog.pg_attribute a
      left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      cross join lateral (select opsdesk.type_category(a.atttypid) as category) tc
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'),
    'foreign_keys', coalesce((
      select jsonb_agg(jsonb_build_object(
        'name', k.conname,
        'columns', (select jsonb_agg(a.attname order by x.n) from unnest(k.conkey) with ordinality x(attnum, n)
                    join pg_catalog.pg_attribute a on a.attrelid = k.conrelid and a.attnum = x.attnum),
        'references', jsonb_build_object(
          'schema', rn.nspname, 'table', rc.relname,
          'columns', (select jsonb_agg(a.attname order by x.n) from unnest(k.confkey) with ordinality x(attnum, n)
                      join pg_catalog.pg_attribute a on a.attrelid = k.confrelid and a.attnum = x.attnum))
      ) order by k.conname)
      from pg_catalog.pg_constraint k
      join pg_catalog.pg_class rc on rc.oid = k.confrelid
      join pg_catalog.pg_namespace rn on rn.oid = rc.relnamespace
      where k.conrelid = c.oid and k.contype = 'f'), '[]'),
    'unique', coalesce((
      select jsonb_agg(jsonb_build_object(
        'name', ic.relname,
        'columns', (select jsonb_agg(a.attname order by x.n) from unnest(i.indkey::int2[]) with ordinality x(attnum, n)
                    join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = x.attnum)
      ) order by ic.relname)
      from pg_catalog.pg_index i join pg_catalog.pg_class ic on ic.oid = i.indexrelid
      where i.indrelid = c.oid and i.indisunique and not i.indisprimary and i.indexprs is null and i.indpred is null), '[]'),
    'checks', coalesce((
      select jsonb_agg(jsonb_build_object(
        'name', k.conname,
        'columns', coalesce((select jsonb_agg(a.attname order by x.n) from unnest(k.conkey) with ordinality x(attnum, n)
                             join pg_catalog.pg_attribute a on a.attrelid = k.conrelid and a.attnum = x.attnum), '[]'),
        'definition', pg_catalog.pg_get_constraintdef(k.oid)
      ) order by k.conname)
      from pg_catalog.pg_constraint k
      where k.conrelid = c.oid and k.contype = 'c'), '[]'),
    'indexes', coalesce((
      select jsonb_agg(jsonb_build_object(
        'name', ic.relname,
        'method', am.amname,
        'columns', coalesce((select jsonb_agg(a.attname order by x.n) from unnest(i.indkey::int2[]) with ordinality x(attnum, n)
                             join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = x.attnum
                             where x.attnum > 0), '[]'),
        'expression', pg_catalog.pg_get_expr(i.indexprs, i.indrelid),
        'unique', i.indisunique
      ) order by ic.relname)
      from pg_catalog.pg_index i join pg_catalog.pg_class ic on ic.oid = i.indexrelid
      join pg_catalog.pg_am am on am.oid = ic.relam
      where i.indrelid = c.oid), '[]'),
    'search', jsonb_build_object(
      'columns', to_jsonb(sc.columns),
      'indexed', coalesce(cardinality(sc.columns) > 0 and (
        select bool_and(exists (
          select 1 from pg_catalog.pg_index i join pg_catalog.pg_opclass oc on oc.oid = any (i.indclass::oid[])
          join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey::int2[])
          where i.indrelid = c.oid and a.attname = x and oc.opcname like '%trgm%'))
        from unnest(sc.columns) x), false)),
    'settings', coalesce((select s.settings from opsdesk.table_settings s where s.schema_name = n.nspname and s.table_name = c.relname), '{}')
  )
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  cross join lateral (select opsdesk.search_columns(c.oid) as columns) sc
  where c.oid = rel
$$;

-- Everything the console generates its screens from, for the caller (security invoker: the
-- privileges are the caller's; the matrix and settings come through their RLS). Admins see
-- every table of the exposed schemas, managed or not; other operators the tables their role
-- may do anything with; anyone else none.
create function opsdesk.describe() returns jsonb
language sql stable security invoker set search_path = '' as $$
  with me as (
    select opsdesk.is_admin() as admin, opsdesk.is_operator() as operator, opsdesk.my_access() -> 'permissions' as perms
  ),
  rels as (
    select c.oid, n.nspname::text as schema_name, c.relname::text as table_name, c.relkind, c.relrowsecurity,
           c.relforcerowsecurity, c.reltuples, c.reloptions,
           exists (select 1 from opsdesk.managed_tables m where m.relid = c.oid) as managed,
           coalesce(me.perms -> (n.nspname || '.' || c.relname), '[]') as permissions
    from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    cross join me
    where n.nspname = any (opsdesk.exposed_schemas())
      and c.relkind in ('r', 'p', 'v', 'm', 'f') and not c.relispartition
      and me.operator
      and (me.admin or jsonb_array_length(coalesce(me.perms -> (n.nspname || '.' || c.relname), '[]')) > 0)
  )
  select jsonb_build_object(
    'version', opsdesk.schema_version(),
    'schemas', to_jsonb(opsdesk.exposed_schemas()),
    'roles', case when (select operator from me) then (select coalesce(jsonb_agg(r.name order by r.builtin desc, r.name), '[]') from opsdesk.roles r) else '[]' end,
    'is_admin', (select admin from me),
    'tables', coalesce((select jsonb_agg(opsdesk.describe_relation(r.oid, r.managed, r.permissions) order by r.schema_name, r.table_name) from rels r), '[]')
  )
$$;

-- ---------------------------------------------------------------------------------------
-- Generic operator RPCs. Security invoker where the work is the caller's own writes (RLS,
-- grants and triggers apply as for REST); the matrix is checked first either way.

create function opsdesk.require_can(schema_name text, table_name text, action text) returns void
language plpgsql stable set search_path = '' as $$
begin
  perform opsdesk.require_operator();
  if not opsdesk.can(schema_name, table_name, action) then
    perform opsdesk.fail('OPSDESK_FORBIDDEN', 'You don''t have permission to do that.');
  end if;
end
$$;

-- rows → each row's key object, typed as the table's columns (so "7" and 7 are one key).
create function opsdesk.normalised_keys(rel oid, key_columns text[], rows jsonb) returns jsonb[]
language plpgsql stable set search_path = '' as $$
declare
  result jsonb[];
begin
  execute format('select array(select opsdesk.key_of(to_jsonb(r), $2) from jsonb_array_elements($1) with ordinality e(v, n),
                                jsonb_populate_record(null::%s, e.v) r order by e.n)', rel::regclass)
    into result using rows, key_columns;
  return result;
end
$$;

-- Bulk actions (docs/any-project.md): update (sets `changes` on every row) or delete up to 5000
-- rows of any managed table, each row named by its key object ({"id": 7}, {"org_id": …, "user_id": …});
-- for a table with a `version` column, a row's `version` must still match. All rows go in one
-- statement; only when that is refused is the range halved, in subtransactions, down to the
-- rows that fail, each reported with its error while the others are written.
-- → {changed: [key…], refused: [{key, code, hint, message, details, constraint, column}]}
create function opsdesk.bulk_write(schema_name text, table_name text, action text, rows jsonb, changes jsonb default '{}')
returns jsonb
language plpgsql volatile security invoker set search_path = '' as $$
declare
  max_rows constant int := 5000;
  rel oid;
  target text;
  key_columns text[];
  keys jsonb[];
  match text;
  key_expr text;
  set_list text;
  versioned boolean;
  statement text;
  range_starts int[];
  range_ends int[];
  first_row int;
  last_row int;
  middle int;
  done_keys jsonb[];
  changed jsonb := '[]';
  refused jsonb := '[]';
  bad text;
  i int;
  visible boolean;
  error_state text;
  error_message text;
  error_detail text;
  error_hint text;
  error_constraint text;
  error_column text;
begin
  if action is null or action not in ('update', 'delete') then
    perform opsdesk.fail('OPSDESK_BAD_ACTION', 'A bulk action updates or deletes.');
  end if;
  rel := opsdesk.managed_relid(schema_name, table_name);
  perform opsdesk.require_can(schema_name, table_name, case action when 'update' then 'edit' else 'delete' end);
  target := rel::regclass::text;
  if jsonb_typeof(rows) is distinct from 'array' or exists (
    select from jsonb_array_elements(rows) e where jsonb_typeof(e) <> 'object'
  ) then
    perform opsdesk.fail('OPSDESK_ROWS_NOT_LIST', 'The rows must be a list of objects.');
  end if;
  if jsonb_array_length(rows) > max_rows then
    perform opsdesk.fail('OPSDESK_TOO_MANY_ROWS', format('At most %s rows at once.', max_rows));
  end if;
  key_columns := opsdesk.key_columns(rel);
  if cardinality(key_columns) = 0 then
    perform opsdesk.fail('OPSDESK_NO_KEY', format('%s has no primary key: its rows cannot be named.', target));
  end if;
  select k into bad from jsonb_array_elements(rows) e, unnest(key_columns) k where e ->> k is null limit 1;
  if bad is not null then
    perform opsdesk.fail('OPSDESK_KEY_MISSING', format('Every row needs its %s.', bad));
  end if;
  keys := opsdesk.normalised_keys(rel, key_columns, rows);
  match := (select string_agg(format('t.%1$I = r.%1$I', k), ' and ') from unnest(key_columns) k);
  key_expr := format('opsdesk.key_of(to_jsonb(t), %L::text[])', key_columns);
  versioned := exists (select from pg_catalog.pg_attribute a where a.attrelid = rel and a.attname = 'version'
                       and a.attnum > 0 and not a.attisdropped);

  if action = 'update' then
    if jsonb_typeof(changes) is distinct from 'object' or changes = '{}' then
      perform opsdesk.fail('OPSDESK_NO_CHANGES', 'An update needs the values to set.');
    end if;
    select k into bad from jsonb_object_keys(changes) k
    where not exists (select from pg_catalog.pg_attribute a where a.attrelid = rel and a.attname = k
                      and a.attnum > 0 and not a.attisdropped)
    limit 1;
    if bad is not null then
      perform opsdesk.fail('OPSDESK_UNKNOWN_COLUMN', format('%s has no column %s.', target, bad));
    end if;
    select k into bad from jsonb_object_keys(changes) k
    join pg_catalog.pg_attribute a on a.attrelid = rel and a.attname = k
    where k = any (key_columns) or (versioned and k = 'version') or a.attgenerated <> '' or a.attidentity = 'a'
    limit 1;
    if bad is not null then
      perform opsdesk.fail('OPSDESK_READ_ONLY_COLUMN', format('%s cannot be set by a bulk action.', bad));
    end if;
    set_list := (select string_agg(format('%1$I = c.%1$I', k), ', ') from jsonb_object_keys(changes) k);
    statement := format(
      'with done as (
         update %1$s t set %2$s
         from jsonb_populate_recordset(null::%1$s, $1) r, jsonb_populate_record(null::%1$s, $2) c
         where %3$s %5$s
         returning %4$s as k)
       select array(select k from done)',
      target, set_list, match, key_expr, case when versioned then 'and (r.version is null or t.version = r.version)' else '' end);
  else
    statement := format(
      'with done as (
         delete from %1$s t using jsonb_populate_recordset(null::%1$s, $1) r
         where %2$s %4$s
         returning %3$s as k)
       select array(select k from done)',
      target, match, key_expr, case when versioned then 'and (r.version is null or t.version = r.version)' else '' end);
  end if;

  if jsonb_array_length(rows) > 0 then
    range_starts := array[1];
    range_ends := array[jsonb_array_length(rows)];
  else
    range_starts := '{}';
    range_ends := '{}';
  end if;
  while cardinality(range_starts) > 0 loop
    first_row := range_starts[cardinality(range_starts)];
    last_row := range_ends[cardinality(range_ends)];
    range_starts := range_starts[1:cardinality(range_starts) - 1];
    range_ends := range_ends[1:cardinality(range_ends) - 1];
    begin
      execute statement into done_keys
        using (select jsonb_agg(e order by n) from jsonb_array_elements(rows) with ordinality x(e, n) where n between first_row and last_row),
              changes;
      for i in first_row .. last_row loop
        if keys[i] = any (done_keys) then
          changed := changed || jsonb_build_array(keys[i]);
        else
          -- Untouched: hidden or gone, or (versioned) changed since it was listed.
          execute format('select exists (select 1 from %s t, jsonb_populate_record(null::%s, $1) r where %s)', target, target, match)
            into visible using keys[i];
          refused := refused || jsonb_build_array(jsonb_build_object(
            'key', keys[i],
            'code', case when visible and versioned then '40001' else '42501' end,
            'hint', case when visible and versioned then 'OPSDESK_STALE' else 'OPSDESK_NOT_FOUND' end,
            'message', case when visible and versioned then 'Someone else changed this record.' else 'No row changed.' end,
            'details', null, 'constraint', null, 'column', null));
        end if;
      end loop;
    exception
      when insufficient_privilege then raise;
      when others then
        if first_row < last_row then
          middle := (first_row + last_row) / 2;
          range_starts := range_starts || array[middle + 1, first_row];
          range_ends := range_ends || array[last_row, middle];
        else
          get stacked diagnostics
            error_state = returned_sqlstate, error_message = message_text, error_detail = pg_exception_detail,
            error_hint = pg_exception_hint, error_constraint = constraint_name, error_column = column_name;
          refused := refused || jsonb_build_array(jsonb_build_object(
            'key', keys[first_row], 'code', error_state, 'hint', nullif(error_hint, ''), 'message', error_message,
            'details', nullif(error_detail, ''), 'constraint', nullif(error_constraint, ''),
            'column', nullif(error_column, '')));
        end if;
    end;
  end loop;
  return jsonb_build_object('changed', changed, 'refused', refused);
end
$$;

-- CSV import (docs/any-project.md): validates a whole file against the database, then writes
-- it all or nothing. `labels` maps a one-column foreign key to a column of the table it
-- references, when the file names rows by that label ({"team_id": "slug"}).
-- → {inserted, committed, errors: [{row, code, hint, message, details, constraint, column}], truncated}
create function opsdesk.import_rows(schema_name text, table_name text, rows jsonb, labels jsonb default '{}',
                                    dry_run boolean default true)
returns jsonb
language plpgsql volatile security invoker set search_path = '' as $$
declare
  max_rows constant int := 5000;
  max_errors constant int := 100;
  chunk_rows constant int := 500;
  rel oid;
  target text;
  writable text[];
  label_column text;
  label_field text;
  ref_table regclass;
  ref_key text;
  found_ids jsonb;
  resolved jsonb;
  row_errors jsonb := '[]';
  pending jsonb[];
  range_starts int[] := '{}';
  range_ends int[] := '{}';
  first_row int;
  last_row int;
  middle int;
  range_inserted int;
  statement_rows int;
  truncated boolean;
  key_set text[];
  column_list text;
  error_state text;
  error_message text;
  error_detail text;
  error_hint text;
  error_constraint text;
  error_column text;
  inserted int := 0;
begin
  rel := opsdesk.managed_relid(schema_name, table_name);
  perform opsdesk.require_can(schema_name, table_name, 'import');
  perform opsdesk.require_can(schema_name, table_name, 'create');
  target := rel::regclass::text;
  if jsonb_typeof(rows) is distinct from 'array' or exists (
    select from jsonb_array_elements(rows) e where jsonb_typeof(e) <> 'object'
  ) then
    perform opsdesk.fail('OPSDESK_ROWS_NOT_LIST', 'The import must be a list of rows.');
  end if;
  if jsonb_array_length(rows) > max_rows then
    perform opsdesk.fail('OPSDESK_TOO_MANY_ROWS', format('A CSV file can have at most %s rows.', max_rows));
  end if;

  select coalesce(array_agg(a.attname::text), '{}') into writable
  from pg_catalog.pg_attribute a
  where a.attrelid = rel and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' and a.attidentity <> 'a';
  select k into error_column
  from (select distinct jsonb_object_keys(e) as k from jsonb_array_elements(rows) e) keys
  where not k = any (writable)
  limit 1;
  if error_column is not null then
    perform opsdesk.fail('OPSDESK_UNKNOWN_COLUMN', format('%s has no column %s that a file may fill.', target, error_column));
  end if;

  resolved := rows;
  for label_column, label_field in select * from jsonb_each_text(coalesce(labels, '{}')) loop
    ref_table := null;
    select k.confrelid::regclass, ra.attname::text into ref_table, ref_key
    from pg_catalog.pg_constraint k
    join pg_catalog.pg_attribute la on la.attrelid = k.conrelid and la.attnum = k.conkey[1]
    join pg_catalog.pg_attribute ra on ra.attrelid = k.confrelid and ra.attnum = k.confkey[1]
    where k.conrelid = rel and k.contype = 'f' and cardinality(k.conkey) = 1 and la.attname = label_column;
    if ref_table is null then
      perform opsdesk.fail('OPSDESK_NOT_A_REFERENCE', format('%s is not a reference of %s.', label_column, target));
    end if;
    if not exists (select from pg_catalog.pg_attribute a where a.attrelid = ref_table and a.attname = label_field
                   and a.attnum > 0 and not a.attisdropped) then
      perform opsdesk.fail('OPSDESK_UNKNOWN_COLUMN', format('%s has no column %s.', ref_table, label_field));
    end if;
    execute format(
      'select coalesce(jsonb_object_agg(l.label, l.keys), ''{}'')
       from (select t.%1$I::text as label, jsonb_agg(t.%2$I) as keys
             from %3$s t
             where t.%1$I::text in (select distinct e ->> $1 from jsonb_array_elements($2) e)
             group by 1) l',
      label_field, ref_key, ref_table)
    into found_ids using label_column, rows;
    select coalesce(jsonb_agg(
             case
               when not (r.value ? label_column) or r.value ->> label_column is null then r.value
               when jsonb_array_length(coalesce(found_ids -> (r.value ->> label_column), '[]')) = 1
                 then r.value || jsonb_build_object(label_column, found_ids -> (r.value ->> label_column) -> 0)
               else r.value || jsonb_build_object(label_column, null)
                 || jsonb_build_object('$unresolved', jsonb_build_object(
                      'column', label_column, 'label', r.value ->> label_column, 'table', ref_table::text,
                      'ambiguous', jsonb_array_length(coalesce(found_ids -> (r.value ->> label_column), '[]')) > 1))
             end order by r.n), '[]')
    into resolved
    from jsonb_array_elements(resolved) with ordinality r(value, n);
  end loop;

  select coalesce(jsonb_agg(jsonb_build_object(
           'row', r.n, 'code', '23503', 'hint', 'OPSDESK_UNKNOWN_LABEL', 'column', r.value -> '$unresolved' ->> 'column',
           'label', r.value -> '$unresolved' ->> 'label',
           'ambiguous', (r.value -> '$unresolved' ->> 'ambiguous')::boolean,
           'message', format('No row of %s is labelled "%s".', r.value -> '$unresolved' ->> 'table',
                             r.value -> '$unresolved' ->> 'label'),
           'details', null, 'constraint', null) order by r.n), '[]')
  into row_errors
  from jsonb_array_elements(resolved) with ordinality r(value, n)
  where r.value ? '$unresolved';
  pending := array(select r.value from jsonb_array_elements(resolved) with ordinality r(value, n) order by r.n);

  begin
    select coalesce(array_agg(c order by c desc), '{}'),
           coalesce(array_agg(least(c + chunk_rows - 1, cardinality(pending)) order by c desc), '{}')
    into range_starts, range_ends
    from generate_series(1, cardinality(pending), chunk_rows) c;
    while cardinality(range_starts) > 0 and jsonb_array_length(row_errors) < max_errors loop
      first_row := range_starts[cardinality(range_starts)];
      last_row := range_ends[cardinality(range_ends)];
      range_starts := range_starts[1:cardinality(range_starts) - 1];
      range_ends := range_ends[1:cardinality(range_ends) - 1];
      begin
        range_inserted := 0;
        for key_set in
          select distinct array(select jsonb_object_keys(e) order by 1)
          from unnest(pending[first_row:last_row]) e
          where not e ? '$unresolved'
        loop
          column_list := (select string_agg(format('%I', k), ', ') from unnest(key_set) k);
          execute format(
            'insert into %1$s (%2$s) select %2$s
             from unnest($1) with ordinality r(value, n), jsonb_populate_record(null::%1$s, r.value)
             where array(select jsonb_object_keys(r.value) order by 1) = $2
             order by r.n',
            target, column_list)
          using pending[first_row:last_row], key_set;
          get diagnostics statement_rows = row_count;
          range_inserted := range_inserted + statement_rows;
        end loop;
        inserted := inserted + range_inserted;
      exception
        when insufficient_privilege then raise;
        when others then
          if first_row < last_row then
            middle := (first_row + last_row) / 2;
            range_starts := range_starts || array[middle + 1, first_row];
            range_ends := range_ends || array[last_row, middle];
          else
            get stacked diagnostics
              error_state = returned_sqlstate, error_message = message_text, error_detail = pg_exception_detail,
              error_hint = pg_exception_hint, error_constraint = constraint_name, error_column = column_name;
            row_errors := row_errors || jsonb_build_object(
              'row', first_row, 'code', error_state, 'hint', nullif(error_hint, ''), 'message', error_message,
              'details', nullif(error_detail, ''), 'constraint', nullif(error_constraint, ''),
              'column', nullif(error_column, ''));
          end if;
      end;
    end loop;
    truncated := cardinality(range_starts) > 0;
    if dry_run or jsonb_array_length(row_errors) > 0 then
      raise exception 'rolled back' using errcode = 'OD000';
    end if;
  exception
    when sqlstate 'OD000' then null;
  end;

  return jsonb_build_object(
    'inserted', inserted,
    'committed', not dry_run and jsonb_array_length(row_errors) = 0,
    'errors', (select coalesce(jsonb_agg(e order by (e ->> 'row')::int), '[]') from jsonb_array_elements(row_errors) e),
    'truncated', truncated);
end
$$;

-- The list's filters as SQL over alias t, values as quoted literals cast to the column's type
-- (Refine's operators: eq ne lt gt lte gte in nin between contains null nnull).
create function opsdesk.filter_sql(rel oid, filters jsonb) returns text
language plpgsql stable set search_path = '' as $$
declare
  sql text := '';
  f jsonb;
  col record;
  op text;
  v jsonb;
  part text;
begin
  if filters is null or filters = 'null'::jsonb then
    return '';
  end if;
  if jsonb_typeof(filters) <> 'array' then
    perform opsdesk.fail('OPSDESK_BAD_FILTER', 'filters must be a list of {field, operator, value}.');
  end if;
  for f in select e from jsonb_array_elements(filters) e loop
    select a.attname::text as name, pg_catalog.format_type(a.atttypid, a.atttypmod) as type,
           opsdesk.type_category(a.atttypid) as category into col
    from pg_catalog.pg_attribute a
    where a.attrelid = rel and a.attname = f ->> 'field' and a.attnum > 0 and not a.attisdropped;
    if not found then
      perform opsdesk.fail('OPSDESK_UNKNOWN_COLUMN', format('Cannot filter by "%s".', f ->> 'field'));
    end if;
    op := f ->> 'operator';
    v := f -> 'value';
    part := case
      when op in ('eq', 'ne', 'lt', 'gt', 'lte', 'gte') then
        format('t.%I %s %L::%s', col.name,
               jsonb_build_object('eq', '=', 'ne', '<>', 'lt', '<', 'gt', '>', 'lte', '<=', 'gte', '>=') ->> op,
               v #>> '{}', col.type)
      when op in ('in', 'nin') and jsonb_typeof(v) = 'array' then
        format(case op when 'in' then 't.%I = any (%L::%s[])' else 't.%I <> all (%L::%s[])' end, col.name,
               array(select x from jsonb_array_elements_text(v) x)::text, col.type)
      when op = 'between' and jsonb_typeof(v) = 'array' and jsonb_array_length(v) = 2 then
        format('t.%I between %L::%3$s and %L::%3$s', col.name, v ->> 0, col.type, v ->> 1)
      when op = 'contains' then
        format('t.%I::text ilike %L', col.name, '%' || opsdesk.like_escape(v #>> '{}') || '%')
      when op = 'null' then format('t.%I is null', col.name)
      when op = 'nnull' then format('t.%I is not null', col.name)
    end;
    if part is null then
      perform opsdesk.fail('OPSDESK_BAD_FILTER', format('Unknown filter operator "%s".', op));
    end if;
    sql := sql || ' and ' || part;
  end loop;
  return sql;
end
$$;

create function opsdesk.like_escape(words text) returns text
language sql immutable set search_path = '' as $$
  select replace(replace(replace(words, '\', '\\'), '%', '\%'), '_', '\_')
$$;

-- The WHERE of a search over schema.table, for the caller: every word of `q` occurs in one of
-- the search columns (ILIKE, which a trigram index serves), the filters, and, since the
-- search runs as the tables' owner, the caller's side of RLS: Opsdesk's permissive policy
-- lets an operator who may list the table see every row, so only the table's RESTRICTIVE
-- select policies for authenticated are added (their own expressions).
create function opsdesk.search_where(rel oid, q text, filters jsonb) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  words text[];
  cols text[] := opsdesk.search_columns(rel);
  cond text := 'true';
  w text;
begin
  if char_length(coalesce(q, '')) > 200 then
    perform opsdesk.fail('OPSDESK_SEARCH_TOO_LONG', format('Search words may be at most 200 characters long, not %s.', char_length(q)));
  end if;
  words := array(select x from regexp_split_to_table(btrim(coalesce(q, '')), '\s+') x where x <> '');
  if cardinality(words) > 0 and cardinality(cols) = 0 then
    return 'false';
  end if;
  foreach w in array words loop
    cond := cond || ' and (' || (select string_agg(format('t.%I ilike %L', c, '%' || opsdesk.like_escape(w) || '%'), ' or ')
                                 from unnest(cols) c) || ')';
  end loop;
  cond := cond || opsdesk.filter_sql(rel, filters);
  if (select c.relrowsecurity from pg_catalog.pg_class c where c.oid = rel) then
    cond := cond || coalesce((
      select string_agg(format(' and (%s)', pg_catalog.pg_get_expr(p.polqual, p.polrelid)), '')
      from pg_catalog.pg_policy p
      where p.polrelid = rel and not p.polpermissive and p.polcmd in ('r', '*') and p.polqual is not null
        and (0 = any (p.polroles) or 'authenticated'::regrole::oid = any (p.polroles))), '');
  end if;
  return cond;
end
$$;

-- The search's preconditions: a managed table the caller may list and read whole.
create function opsdesk.search_target(schema_name text, table_name text) returns oid
language plpgsql stable security definer set search_path = '' as $$
declare
  rel oid := opsdesk.managed_relid(schema_name, table_name);
begin
  perform opsdesk.require_can(schema_name, table_name, 'list');
  if not pg_catalog.has_table_privilege(opsdesk.caller_role(), rel, 'select') then
    perform opsdesk.fail('OPSDESK_FORBIDDEN', 'You don''t have permission to do that.');
  end if;
  return rel;
end
$$;

-- A page of matches: {rows: [row…]} ordered by `sort` (a column), else by the first search
-- column, then the key. Security definer, so that trigram indexes serve the words (under RLS
-- no index may serve a non-leakproof ILIKE); see opsdesk.search_where for who sees what.
create function opsdesk.search(schema_name text, table_name text, q text, filters jsonb default '[]',
                               sort text default null, descending boolean default false,
                               page_offset int default 0, page_limit int default 25)
returns jsonb
language plpgsql volatile security definer set search_path = '' set max_parallel_workers_per_gather = 0 as $$
declare
  rel oid := opsdesk.search_target(schema_name, table_name);
  ordering text;
  result jsonb;
begin
  if sort is not null and not exists (select from pg_catalog.pg_attribute a where a.attrelid = rel and a.attname = sort
                                      and a.attnum > 0 and not a.attisdropped) then
    perform opsdesk.fail('OPSDESK_UNKNOWN_COLUMN', format('Cannot sort by "%s".', sort));
  end if;
  ordering := concat_ws(', ',
    (select format('t.%I %s', coalesce(sort, (opsdesk.search_columns(rel))[1]), case when descending then 'desc' else 'asc' end)
     where coalesce(sort, (opsdesk.search_columns(rel))[1]) is not null),
    (select string_agg(format('t.%I', k), ', ') from unnest(opsdesk.key_columns(rel)) k));
  -- jsonb_agg keeps the order of the sorted subquery.
  execute format('select coalesce(jsonb_agg(x.j), ''[]'') from (select to_jsonb(t) as j from %s t where %s %s offset %s limit %s) x',
                 rel::regclass, opsdesk.search_where(rel, q, filters),
                 case when ordering <> '' then 'order by ' || ordering else '' end,
                 greatest(coalesce(page_offset, 0), 0), least(greatest(coalesce(page_limit, 25), 0), 1000))
    into result;
  return jsonb_build_object('rows', result);
end
$$;

-- How many match: exact up to 1 000, else the planner's estimate (at least 1 001).
create function opsdesk.search_count(schema_name text, table_name text, q text, filters jsonb default '[]')
returns jsonb
language plpgsql volatile security definer set search_path = '' set max_parallel_workers_per_gather = 0 as $$
declare
  rel oid := opsdesk.search_target(schema_name, table_name);
  cond text := opsdesk.search_where(rel, q, filters);
  exact bigint;
  plan json;
begin
  execute format('select count(*) from (select 1 from %s t where %s limit 1001) c', rel::regclass, cond) into exact;
  if exact <= 1000 then
    return jsonb_build_object('total', exact, 'approximate', false);
  end if;
  execute format('explain (format json) select 1 from %s t where %s', rel::regclass, cond) into plan;
  return jsonb_build_object('total', greatest(1001, (plan -> 0 -> 'Plan' ->> 'Plan Rows')::bigint), 'approximate', true);
end
$$;

-- A record's history, newest first (security invoker: the audit log's policy decides).
create function opsdesk.history(schema_name text, table_name text, key jsonb, page_limit int default 50,
                                before_id bigint default null)
returns setof opsdesk.audit_log
language plpgsql stable security invoker set search_path = '' as $$
declare
  rel oid := opsdesk.relation(schema_name, table_name);
  key_columns text[] := opsdesk.key_columns(rel);
  wanted text;
begin
  if cardinality(key_columns) = 0 then
    perform opsdesk.fail('OPSDESK_NO_KEY', format('%s.%s has no primary key: its entries cannot be told apart.', schema_name, table_name));
  end if;
  if jsonb_typeof(key) is distinct from 'object' or exists (select from unnest(key_columns) k where key ->> k is null) then
    perform opsdesk.fail('OPSDESK_KEY_MISSING', format('The key needs %s.', array_to_string(key_columns, ', ')));
  end if;
  wanted := opsdesk.record_id((opsdesk.normalised_keys(rel, key_columns, jsonb_build_array(key)))[1]);
  return query
    select l.* from opsdesk.audit_log l
    where l.schema_name = history.schema_name and l.table_name = history.table_name and l.record_id = wanted
      and (before_id is null or l.id < before_id)
    order by l.at desc, l.id desc
    limit least(greatest(coalesce(page_limit, 50), 1), 500);
end
$$;

-- E-mails of auth users, for keys to auth.users: only ids that a managed table the caller may
-- list references (or operators, for admins).
create function opsdesk.user_emails(ids uuid[]) returns table (id uuid, email text)
language plpgsql stable security definer set search_path = '' as $$
declare
  sources text;
begin
  perform opsdesk.require_operator();
  if cardinality(ids) > 1000 then
    perform opsdesk.fail('OPSDESK_TOO_MANY_IDS', 'At most 1000 users at once.');
  end if;
  select string_agg(format('select t.%I::uuid as id from %s t where t.%I = any ($1)', a.attname, k.conrelid::regclass, a.attname), ' union ')
  into sources
  from pg_catalog.pg_constraint k
  join pg_catalog.pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
  join opsdesk.managed_tables m on m.relid = k.conrelid
  where k.contype = 'f' and k.confrelid = 'auth.users'::regclass and cardinality(k.conkey) = 1
    and opsdesk.can(m.schema_name, m.table_name, 'list');
  if opsdesk.is_admin() then
    sources := concat_ws(' union ', sources, 'select o.user_id from opsdesk.operators o where o.user_id = any ($1)');
  end if;
  if sources is null then
    return;
  end if;
  return query execute format('select u.id, u.email::text from auth.users u where u.id in (%s)', sources) using ids;
end
$$;

-- ---------------------------------------------------------------------------------------
-- Execute rights: nothing for anon; operators' calls for authenticated; administration also
-- for the service role.

revoke all on all functions in schema opsdesk from public, anon, authenticated, service_role;
grant execute on function opsdesk.mfa_ok(), opsdesk.operator_role(), opsdesk.guard(oid, text), opsdesk.is_operator(), opsdesk.is_admin(),
  opsdesk.allowed_tables(text), opsdesk.can(text, text, text), opsdesk.can_rel(oid, text),
  opsdesk.may_join(text), opsdesk.may_send(text), opsdesk.channel_table(text, text),
  opsdesk.schema_version(), opsdesk.my_access(), opsdesk.describe(), opsdesk.describe_relation(oid, boolean, jsonb),
  opsdesk.exposed_schemas(), opsdesk.is_system_schema(text), opsdesk.exposure(oid), opsdesk.key_columns(oid),
  opsdesk.type_category(oid), opsdesk.enum_values(oid), opsdesk.search_columns(oid), opsdesk.key_of(jsonb, text[]),
  opsdesk.record_id(jsonb), opsdesk.key_sql(text[], text), opsdesk.fail(text, text, text), opsdesk.relation(text, text),
  opsdesk.managed_relid(text, text), opsdesk.require_operator(), opsdesk.require_admin(), opsdesk.is_trusted_caller(),
  opsdesk.require_can(text, text, text), opsdesk.normalised_keys(oid, text[], jsonb), opsdesk.filter_sql(oid, jsonb),
  opsdesk.like_escape(text), opsdesk.caller_role(),
  opsdesk.bulk_write(text, text, text, jsonb, jsonb), opsdesk.import_rows(text, text, jsonb, jsonb, boolean),
  opsdesk.search(text, text, text, jsonb, text, boolean, int, int), opsdesk.search_count(text, text, text, jsonb),
  opsdesk.history(text, text, jsonb, int, bigint), opsdesk.user_emails(uuid[]),
  opsdesk.manage_table(text, text, boolean), opsdesk.unmanage_table(text, text), opsdesk.add_operator(text, text, text),
  opsdesk.set_my_name(text), opsdesk.column_widths_valid(jsonb),
  opsdesk.record_presence(text, text, text, uuid, text), opsdesk.record_presence_leave(text, text, text, uuid),
  opsdesk.operator_list(),
  opsdesk.set_table_settings(text, text, jsonb)
  to authenticated, service_role;
grant execute on function opsdesk.make_admin(text), opsdesk.manage_existing() to service_role;

-- ---------------------------------------------------------------------------------------
-- The DDL watch, and the tables the project has today.

do $$
begin
  create event trigger opsdesk_ddl_watch on ddl_command_end execute function opsdesk.on_ddl();
  create event trigger opsdesk_drop_watch on sql_drop execute function opsdesk.on_ddl();
  update opsdesk.state set ddl_watch = true;
exception when insufficient_privilege then
  raise notice 'opsdesk: this role may not create event triggers; the schema version falls back to a catalog fingerprint.';
end
$$;

select opsdesk.manage_existing();

-- Opsdesk's own tables are audited from here on (who changed a role, an operator, the matrix, a
-- setting); the install's defaults are where their log starts, not entries of it.
select opsdesk.audit_hooks(('opsdesk.' || t)::regclass::oid)
from unnest(array['roles', 'operators', 'permissions', 'table_settings']) t;

insert into opsdesk.installed (version, name) values ('0001', 'opsdesk_core');
