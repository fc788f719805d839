-- The demo store switches to Opsdesk (docs/any-project.md, "The demo store"; issue 30): from
-- here on its operators, their matrix, its audit trail, saved views, list columns, preferences
-- and presence are Opsdesk's (`opsdesk.*`), as for any project that installed it, and the store
-- keeps only what it adds on top. On a database where the demo ran before, the rows move with
-- it; on a fresh one the store's tables are empty here and the seed writes operators and matrix
-- into `opsdesk` afterwards.
--
-- What moves (old → new):
--   public.staff                → opsdesk.operators (user_id, full_name, role, active, created_at;
--                                 the e-mail comes from auth.users as for every operator)
--   public.permissions          → opsdesk.permissions, by table: a store resource is public.<name>,
--                                 `audit_log` is opsdesk.audit_log; public.staff_role values are
--                                 Opsdesk's role names (admin, editor, viewer). Rows on `staff` and
--                                 `permissions` are not moved: administering operators and the
--                                 matrix is what Opsdesk's admin role does.
--   public.audit_log            → opsdesk.audit_log, oldest first, with schema_name and record_key
--                                 ({"id": …} from the record's row; staff entries become
--                                 opsdesk.operators entries keyed by user_id, matrix entries
--                                 opsdesk.permissions entries with their row rewritten by table)
--   public.saved_views          → opsdesk.saved_views   (resource "<schema>.<table>", as above)
--   public.list_columns         → opsdesk.list_columns  (the same)
--   public.operator_preferences → opsdesk.preferences
--   app.record_viewers          → opsdesk.record_viewers (topic record:<resource>:<id> becomes
--                                 opsdesk:record:<schema>:<table>:<id>)
-- What Opsdesk takes on: opsdesk.manage_table on public.categories, products, customers, orders,
-- order_items (its policies, audit trigger and live broadcast; the store's column grants stay
-- as they are, install 0005), with settings.audit_exclude ["category_name"] on products (a label
-- another table's change rewrites). Opsdesk's own tables, which 20250730100500 handed back with
-- the store's, are Opsdesk's again as the install left them (audit log in the matrix, their
-- changes audited).
-- What goes: the store's audit triggers (a00_audit_*) and its operator policies
-- ("<table>: list or show | create | edit | delete") on those five tables; the tables above; the
-- access-watch broadcasts and channel policy (`access:<user id>`: Opsdesk's
-- `opsdesk:access:<user id>` replaces them), the record channels (`record:<resource>:<id>`:
-- Opsdesk's record_presence on `opsdesk:record:…`), my_permissions (opsdesk.my_access),
-- set_my_name (opsdesk.set_my_name), staff_invitations (opsdesk.operator_list), search_staff and
-- the palette's staff target (the Operators screen searches operators), public.record_presence,
-- the staff e-mail copy on auth.users, app.mfa_ok (opsdesk.can holds the same rule), the types
-- staff_role and permission_action, and every function only those used.
-- What stays, over Opsdesk: app.can(resource, action), which the store's RPCs, its storage
-- policies and its functions ask, now answered by opsdesk.can (active operator, the MFA rule of
-- an operator with a verified factor, the role's matrix row); a deactivated or removed operator
-- is signed out everywhere (trigger on opsdesk.operators: the store's operators use the console
-- only); the palette's search over the audit log (20250731100100).

-- ── Where a store resource lives now ──────────────────────────────────────────────────────
-- The store's names for what operators are granted on, as Opsdesk's tables.
create function app.resource_table(resource text) returns text[]
language sql immutable set search_path = '' as $$
  select case resource
    when 'audit_log' then array['opsdesk', 'audit_log']
    when 'staff' then array['opsdesk', 'operators']
    when 'permissions' then array['opsdesk', 'permissions']
    else array['public', resource]
  end
$$;
revoke all on function app.resource_table(text) from public, anon, authenticated, service_role;

-- The matrix for one store resource, as every policy and RPC of the store asks it; false,
-- never null. plpgsql: its query is planned once per session.
create or replace function app.can(resource text, action text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  target text[] := app.resource_table(resource);
begin
  return coalesce(opsdesk.can(target[1], target[2], action), false);
end
$$;

-- ── Operators ─────────────────────────────────────────────────────────────────────────────
insert into opsdesk.operators as o (user_id, full_name, role, active, created_at)
select s.user_id, nullif(btrim(s.full_name), ''), s.role::text, s.active, s.created_at
from public.staff s
order by s.created_at, s.user_id
on conflict (user_id) do update
  set full_name = coalesce(excluded.full_name, o.full_name), role = excluded.role, active = excluded.active;

-- A deactivated or removed operator is signed out everywhere: their sessions, and with them every
-- refresh token, are deleted. Opsdesk leaves sessions alone (an operator may be a user of the
-- project's app); the store's operators use the console only. Security definer: the admin who
-- deactivates may not touch auth.sessions.
create function app.operator_sign_out() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from auth.sessions s where s.user_id = old.user_id;
  return null;
end
$$;
revoke all on function app.operator_sign_out() from public, anon, authenticated, service_role;
create trigger a10_sign_out_on_deactivate after update of active on opsdesk.operators
  for each row when (old.active and not new.active) execute function app.operator_sign_out();
create trigger a10_sign_out_on_delete after delete on opsdesk.operators
  for each row execute function app.operator_sign_out();

-- ── The store's tables under Opsdesk ──────────────────────────────────────────────────────
-- Opsdesk's own tables as the install left them (20250730100500 handed them back too).
insert into opsdesk.managed_tables (schema_name, table_name, relid)
select 'opsdesk', t, ('opsdesk.' || t)::regclass::oid
from unnest(array['audit_log', 'roles', 'operators', 'permissions', 'table_settings']) t
on conflict do nothing;
insert into opsdesk.permissions (role, schema_name, table_name, action)
select 'admin', 'opsdesk', t, 'show'
from unnest(array['roles', 'operators', 'permissions', 'table_settings']) t
on conflict do nothing;

-- The store's own audit trail and operator policies give way to Opsdesk's.
do $$
declare
  t text;
  op text;
begin
  foreach t in array array['categories', 'products', 'customers', 'orders', 'order_items'] loop
    foreach op in array array['insert', 'update', 'delete'] loop
      execute format('drop trigger a00_audit_%s on public.%I', op, t);
    end loop;
    foreach op in array array['list or show', 'create', 'edit', 'delete'] loop
      execute format('drop policy %I on public.%I', t || ': ' || op, t);
    end loop;
    perform opsdesk.manage_table('public', t);
  end loop;
end
$$;

select opsdesk.set_table_settings('public', 'products',
  coalesce((select s.settings from opsdesk.table_settings s where s.schema_name = 'public' and s.table_name = 'products'), '{}')
  || '{"audit_exclude": ["category_name"]}');

-- The matrix of the store's tables and the audit log is the demo's (public.permissions, by
-- table), not manage_table's defaults: on a fresh database it is empty until the seed writes it,
-- as public.permissions was.
delete from opsdesk.permissions p
where (p.schema_name = 'public' and p.table_name in ('categories', 'products', 'customers', 'orders', 'order_items'))
   or (p.schema_name = 'opsdesk' and p.table_name = 'audit_log');
insert into opsdesk.permissions (role, schema_name, table_name, action)
select p.role::text, m.target[1], m.target[2], p.action::text
from public.permissions p
cross join lateral (select app.resource_table(p.resource) as target) m
where p.resource not in ('staff', 'permissions')
  and exists (select 1 from opsdesk.managed_tables t where t.schema_name = m.target[1] and t.table_name = m.target[2])
on conflict do nothing;

-- ── The audit trail ───────────────────────────────────────────────────────────────────────
-- A matrix row of the store as Opsdesk's: {role, schema_name, table_name, action}.
create function pg_temp.permission_row(r jsonb) returns jsonb
language sql immutable as $$
  select case when r is null then null else jsonb_build_object(
    'role', r -> 'role', 'schema_name', (app.resource_table(r ->> 'resource'))[1],
    'table_name', (app.resource_table(r ->> 'resource'))[2], 'action', r -> 'action') end
$$;

insert into opsdesk.audit_log (at, actor_id, actor_email, schema_name, table_name, record_id, record_key, action, old, new, changed)
select a.at, a.actor_id, a.actor_email, e.schema_name, e.table_name, opsdesk.record_id(e.record_key), e.record_key,
       a.action, e.old, e.new, a.changed
from public.audit_log a
cross join lateral (
  select case a.table_name when 'staff' then 'opsdesk' when 'permissions' then 'opsdesk' else 'public' end as schema_name,
         case a.table_name when 'staff' then 'operators' else a.table_name end as table_name,
         case a.table_name
           when 'staff' then jsonb_build_object('user_id', coalesce(a.new, a.old) -> 'user_id')
           when 'permissions' then pg_temp.permission_row(coalesce(a.new, a.old))
           else jsonb_build_object('id', coalesce(a.new, a.old) -> 'id')
         end as record_key,
         case a.table_name when 'permissions' then pg_temp.permission_row(a.old) else a.old end as old,
         case a.table_name when 'permissions' then pg_temp.permission_row(a.new) else a.new end as new
) e
order by a.id;

-- ── Each operator's console state ─────────────────────────────────────────────────────────
insert into opsdesk.saved_views (id, owner, resource, name, filters, sorters, columns, page_size, is_default, created_at, updated_at)
select v.id, v.owner, array_to_string(app.resource_table(v.resource), '.'), v.name, v.filters, v.sorters, v.columns,
       v.page_size, v.is_default, v.created_at, v.updated_at
from public.saved_views v
order by v.created_at, v.id
on conflict do nothing;

insert into opsdesk.list_columns (user_id, resource, columns, widths, updated_at)
select c.user_id, array_to_string(app.resource_table(c.resource), '.'), c.columns, c.widths, c.updated_at
from public.list_columns c
on conflict do nothing;

insert into opsdesk.preferences (user_id, theme, locale, updated_at)
select p.user_id, p.theme, p.locale, p.updated_at
from public.operator_preferences p
on conflict do nothing;

insert into opsdesk.record_viewers (topic, user_id, tab, editing, seen_at)
select format('opsdesk:record:%s:%s:%s', t.target[1], t.target[2], substr(r.topic, length('record:' || split_part(r.topic, ':', 2) || ':') + 1)),
       r.user_id, r.tab, r.editing, r.seen_at
from app.record_viewers r
cross join lateral (select app.resource_table(split_part(r.topic, ':', 2)) as target) t
where r.topic like 'record:%:%'
on conflict do nothing;

-- ── What only the old tables used ─────────────────────────────────────────────────────────
drop policy "access channels: each user hears their own" on realtime.messages;
drop policy "record channels: staff who may see the record listen" on realtime.messages;
drop policy "record channels: staff who may see the record track their tabs" on realtime.messages;
drop trigger opsdesk_staff_email on auth.users;

delete from app.search_targets where resource = 'staff';
drop function public.search_staff(text, jsonb, text, boolean, integer, integer);
-- Returns rows of public.audit_log; 20250731100100 makes it again over opsdesk.audit_log.
drop function public.search_audit_log(text, jsonb, text, boolean, integer, integer);

drop function public.my_permissions();
drop function public.set_my_name(text);
drop function public.staff_invitations();
drop function public.record_presence(text, text, uuid, text);
drop function public.record_presence_leave(text, text, uuid);

drop table public.staff, public.permissions, public.audit_log, public.saved_views, public.list_columns,
  public.operator_preferences, app.record_viewers;
drop sequence app.record_viewers_version;
drop type public.staff_role, public.permission_action;

drop function app.allowed_resources(text);
drop function app.mfa_ok();
drop function app.is_active_staff();
drop function app.audit_rows();
drop function app.audit_update();
drop function app.audit_log_append_only();
drop function app.broadcast_staff_change();
drop function app.broadcast_permission_change();
drop function app.permissions_keep_own_access();
drop function app.staff_follow_auth_email();
drop function app.staff_keep_an_admin();
drop function app.staff_not_self();
drop function app.staff_not_self_delete();
drop function app.staff_serialise_changes();
drop function app.staff_revoke_sessions();
drop function app.saved_views_single_default();
drop function app.column_widths_valid(jsonb);
drop function app.record_viewers_change(text, uuid, uuid, boolean);
drop function app.record_viewers_of(text);
drop function app.record_viewers_topic(text, text);
drop function app.record_channel_resource(text);

-- Opsdesk's own tables are audited again from here on (the moved rows are where their log
-- starts, as the install's defaults are).
select opsdesk.audit_hooks(('opsdesk.' || t)::regclass::oid)
from unnest(array['roles', 'operators', 'permissions', 'table_settings']) t;
