-- Opsdesk triggers (docs/product.md §3–§5): versions, updated_at, slugs, the order state machine,
-- the item lock, totals, unit price defaults, guards on staff and permissions, audit.
--
-- Rules raised here (SQLSTATE → message):
--   PT409  Someone else changed this record. Reload to see their changes.   (stale version; PostgREST → HTTP 409)
--   P0001  An order that is <from> cannot become <to>.
--   P0001  A new order must start as pending.
--   P0001  Items can only be changed while the order is pending.
--   P0001  Order times are set by status changes and cannot be edited.
--   P0001  At least one active admin must remain.
--   P0001  You cannot remove your own role's access to permissions.
--   P0001  The audit log cannot be changed.
--   P0001  Record keys cannot be changed.   (audited tables keyed by id / user_id)
-- Trigger functions live in schema `app`, which the API does not expose.

create schema if not exists app;
grant usage on schema app to anon, authenticated, service_role;

-- Optimistic locking: an update carries the version it was loaded with (or no
-- version at all); a different one means someone else saved in between. The
-- version guards what operators edit: updates made by other triggers (an order's
-- total following its lines) leave it alone, so editing the items of an order
-- does not turn the open order form stale.
create function app.bump_version() returns trigger
language plpgsql set search_path = '' as $$
begin
  if pg_trigger_depth() > 1 then
    new.version := old.version;
    return new;
  end if;
  if new.version is distinct from old.version then
    raise exception 'Someone else changed this record. Reload to see their changes.'
      using errcode = 'PT409',
            detail = format('The record is at version %s, the update was based on version %s.', old.version, new.version);
  end if;
  new.version := old.version + 1;
  return new;
end
$$;

create function app.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- "Summer Sale!" → "summer-sale"
create function app.slugify(value text) returns text
language sql immutable set search_path = '' as $$
  select btrim(regexp_replace(lower(value), '[^a-z0-9]+', '-', 'g'), '-')
$$;

create function app.categories_default_slug() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.slug is null or btrim(new.slug) = '' then
    new.slug := app.slugify(new.name);
  end if;
  return new;
end
$$;

-- The order state machine (docs/product.md §4), in one place: the trigger and the console
-- (rpc order_next_statuses) read it from here.
create function public.order_next_statuses(status public.order_status)
returns public.order_status[]
language sql immutable set search_path = '' as $$
  select case status
    when 'pending' then array['paid', 'cancelled']::public.order_status[]
    when 'paid' then array['shipped', 'cancelled', 'refunded']::public.order_status[]
    when 'shipped' then array['delivered', 'refunded']::public.order_status[]
    when 'delivered' then array['refunded']::public.order_status[]
    else array[]::public.order_status[]
  end
$$;

-- Status changes follow the state machine and stamp paid/shipped/delivered times.
-- A stamp given in the same update as its transition is kept (back-dated history,
-- e.g. the seed); otherwise it is now(). Outside a transition the stamps are fixed.
create function app.orders_status_machine() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    if new.status <> 'pending' then
      raise exception 'A new order must start as pending.' using errcode = 'P0001';
    end if;
    if new.paid_at is not null or new.shipped_at is not null or new.delivered_at is not null then
      raise exception 'Order times are set by status changes and cannot be edited.' using errcode = 'P0001';
    end if;
    return new;
  end if;

  if new.status is distinct from old.status
     and not (new.status = any (public.order_next_statuses(old.status))) then
    raise exception 'An order that is % cannot become %.', old.status, new.status using errcode = 'P0001';
  end if;

  if (new.paid_at is distinct from old.paid_at and not (new.status = 'paid' and old.status = 'pending'))
     or (new.shipped_at is distinct from old.shipped_at and not (new.status = 'shipped' and old.status = 'paid'))
     or (new.delivered_at is distinct from old.delivered_at and not (new.status = 'delivered' and old.status = 'shipped')) then
    raise exception 'Order times are set by status changes and cannot be edited.' using errcode = 'P0001';
  end if;

  if new.status is distinct from old.status then
    case new.status
      when 'paid' then new.paid_at := coalesce(new.paid_at, now());
      when 'shipped' then new.shipped_at := coalesce(new.shipped_at, now());
      when 'delivered' then new.delivered_at := coalesce(new.delivered_at, now());
      else null;
    end case;
  end if;
  return new;
end
$$;

-- orders.total is derived from the lines: a new order starts at 0 and only the
-- line triggers (nested, trigger depth > 1) may change it; a client's value is ignored.
create function app.orders_total() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    new.total := 0;
  elsif pg_trigger_depth() = 1 then
    new.total := old.total;
  end if;
  return new;
end
$$;

-- unit_price defaults to the product's current price. A product that does not
-- exist is reported as the foreign key violation it is, not as a missing price.
-- Security definer: the lookup must not depend on what the caller may read, so
-- that a caller without rights meets the RLS error, not this one.
create function app.order_items_default_price() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.unit_price is null then
    select p.price into new.unit_price from public.products p where p.id = new.product_id;
    if not found then
      raise exception 'insert or update on table "order_items" violates foreign key constraint "order_items_product_id_fkey"'
        using errcode = '23503', constraint = 'order_items_product_id_fkey', table = 'order_items',
              schema = 'public', detail = format('Key (product_id)=(%s) is not present in table "products".', new.product_id);
    end if;
  end if;
  return new;
end
$$;

-- After each statement on order_items: the orders it touched must be pending
-- (items change only while their order is pending), then their totals follow
-- the lines. Once per statement, so bulk edits cost one check. Security definer:
-- the check must see the orders whatever the caller may read, and the derived
-- total follows the lines even where the caller may not edit orders. An order
-- that no longer exists is being deleted itself (cascade).
create function app.order_items_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  ids bigint[];
begin
  -- Each trigger sees only the transition tables it declares.
  if tg_op = 'INSERT' then
    ids := array(select distinct order_id from new_rows);
  elsif tg_op = 'DELETE' then
    ids := array(select distinct order_id from old_rows);
  else
    ids := array(select order_id from new_rows union select order_id from old_rows);
  end if;
  -- Lock first: a concurrent status change waits for this transaction, and the
  -- check below (a new snapshot) sees any status committed meanwhile.
  perform from public.orders o where o.id = any (ids) order by o.id for share;
  if exists (select from public.orders o where o.id = any (ids) and o.status <> 'pending') then
    raise exception 'Items can only be changed while the order is pending.' using errcode = 'P0001';
  end if;
  update public.orders o
  set total = s.total
  from (
    select x.id, coalesce((select sum(i.line_total) from public.order_items i where i.order_id = x.id), 0) as total
    from unnest(ids) as x(id)
  ) s
  where o.id = s.id and o.total is distinct from s.total;
  return null;
end
$$;

-- The last active admin cannot be demoted, deactivated or removed.
create function app.staff_keep_an_admin() returns trigger
language plpgsql set search_path = '' as $$
begin
  if old.role = 'admin' and old.active
     and (tg_op = 'DELETE' or new.role <> 'admin' or not new.active)
     and not exists (
       select 1 from public.staff s
       where s.role = 'admin' and s.active and s.user_id <> old.user_id
     ) then
    raise exception 'At least one active admin must remain.' using errcode = 'P0001';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end
$$;

-- A staff member cannot take away their own role's access to the permission
-- matrix (list or edit of `permissions`): they would lock themselves out.
create function app.permissions_keep_own_access() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  caller_role public.staff_role;
begin
  if old.resource = 'permissions' and old.action in ('list', 'edit')
     and (tg_op = 'DELETE' or (new.role, new.resource, new.action) is distinct from (old.role, old.resource, old.action)) then
    select s.role into caller_role from public.staff s where s.user_id = auth.uid() and s.active;
    if caller_role = old.role then
      raise exception 'You cannot remove your own role''s access to permissions.' using errcode = 'P0001';
    end if;
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end
$$;

-- The audit trail: one row per inserted, updated or deleted record, with the actor
-- from the request's JWT and, for updates, the changed columns. Security definer:
-- these are the only writers of audit_log. TG_ARGV names the key columns that
-- identify a record (joined with ':'). Logged once per statement from the
-- transition tables, so bulk imports and bulk updates cost one insert; an
-- update's old and new rows are paired by that key, which therefore cannot
-- change (permissions, whose key is its content, are audited per row below).
create function app.audit_rows() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  record_key text := (
    select string_agg(format('t.%I::text', k), ' || '':'' || ' order by n) from unnest(tg_argv) with ordinality as a(k, n)
  );
  paired boolean;
begin
  if tg_op = 'UPDATE' then
    execute format(
      'with o as (select jsonb_object_agg(%1$s, to_jsonb(t) - ''search'') as by_key from old_rows t),
            n as (select %1$s as k, to_jsonb(t) - ''search'' as r from new_rows t),
            paired as (select n.k, o.by_key -> n.k as old_r, n.r as new_r from n, o where o.by_key ? n.k),
            logged as (
              insert into public.audit_log (actor_id, actor_email, table_name, record_id, action, old, new, changed)
              select $1, $2, $3, p.k, ''UPDATE'', p.old_r, p.new_r,
                     array(select e.key from jsonb_each(p.new_r) e where e.value is distinct from p.old_r -> e.key order by e.key)
              from paired p
              order by p.k
              returning 1)
       select (select count(*) from logged) = (select count(*) from n)', record_key)
    into paired
    using auth.uid(), auth.jwt() ->> 'email', tg_table_name;
    if not paired then
      raise exception 'Record keys cannot be changed.' using errcode = 'P0001';
    end if;
  else
    execute format(
      'insert into public.audit_log (actor_id, actor_email, table_name, record_id, action, old, new)
       select $1, $2, $3, %s, $4, case when $4 = ''DELETE'' then r end, case when $4 = ''INSERT'' then r end
       from (select t, to_jsonb(t) - ''search'' as r from %I t) changed_rows',
      replace(record_key, 't.', '(changed_rows.t).'), case tg_op when 'INSERT' then 'new_rows' else 'old_rows' end)
    using auth.uid(), auth.jwt() ->> 'email', tg_table_name, tg_op;
  end if;
  return null;
end
$$;

create function app.audit_update() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  old_row jsonb := to_jsonb(old) - 'search';
  new_row jsonb := to_jsonb(new) - 'search';
  record_key text := new_row ->> tg_argv[0];
begin
  for i in 1 .. tg_nargs - 1 loop
    record_key := record_key || ':' || (new_row ->> tg_argv[i]);
  end loop;
  insert into public.audit_log (actor_id, actor_email, table_name, record_id, action, old, new, changed)
  values (
    auth.uid(), auth.jwt() ->> 'email', tg_table_name, record_key, 'UPDATE', old_row, new_row,
    array(select n.key from jsonb_each(new_row) n where n.value is distinct from old_row -> n.key order by n.key)
  );
  return null;
end
$$;

create function app.audit_log_append_only() returns trigger
language plpgsql set search_path = '' as $$
begin
  raise exception 'The audit log cannot be changed.' using errcode = 'P0001';
end
$$;

-- Trigger functions are not for calling; slugify runs inside a caller's trigger.
revoke all on all functions in schema app from public, anon, authenticated, service_role;
grant execute on function app.slugify(text) to anon, authenticated, service_role;

-- BEFORE triggers fire in name order; the names keep the order explicit.
create trigger b10_default_slug before insert or update on public.categories
  for each row execute function app.categories_default_slug();

create trigger b10_status_machine before insert or update on public.orders
  for each row execute function app.orders_status_machine();
create trigger b20_total before insert or update on public.orders
  for each row execute function app.orders_total();

create trigger b20_default_price before insert or update on public.order_items
  for each row execute function app.order_items_default_price();
create trigger a10_changed_insert after insert on public.order_items
  referencing new table as new_rows
  for each statement execute function app.order_items_changed();
create trigger a10_changed_update after update on public.order_items
  referencing old table as old_rows new table as new_rows
  for each statement execute function app.order_items_changed();
create trigger a10_changed_delete after delete on public.order_items
  referencing old table as old_rows
  for each statement execute function app.order_items_changed();

create trigger b10_keep_an_admin before update or delete on public.staff
  for each row execute function app.staff_keep_an_admin();
create trigger b10_keep_own_access before update or delete on public.permissions
  for each row execute function app.permissions_keep_own_access();

do $$
declare
  t text;
begin
  foreach t in array array['categories', 'products', 'customers', 'orders', 'order_items'] loop
    execute format('create trigger b80_version before update on public.%I for each row execute function app.bump_version()', t);
    execute format('create trigger b90_updated_at before update on public.%I for each row execute function app.touch_updated_at()', t);
  end loop;
end
$$;

do $$
declare
  t record;
begin
  for t in select * from (values
    ('categories', array['id']), ('products', array['id']), ('customers', array['id']),
    ('orders', array['id']), ('order_items', array['id']), ('staff', array['user_id']),
    ('permissions', array['role', 'resource', 'action'])
  ) as v(name, keys)
  loop
    execute format(
      'create trigger a00_audit_insert after insert on public.%I referencing new table as new_rows
       for each statement execute function app.audit_rows(%s)', t.name, array_to_string(t.keys, ', '));
    execute format(
      'create trigger a00_audit_delete after delete on public.%I referencing old table as old_rows
       for each statement execute function app.audit_rows(%s)', t.name, array_to_string(t.keys, ', '));
    if t.name = 'permissions' then
      execute format(
        'create trigger a00_audit_update after update on public.%I
         for each row execute function app.audit_update(%s)', t.name, array_to_string(t.keys, ', '));
    else
      execute format(
        'create trigger a00_audit_update after update on public.%I
         referencing old table as old_rows new table as new_rows
         for each statement execute function app.audit_rows(%s)', t.name, array_to_string(t.keys, ', '));
    end if;
  end loop;
end
$$;

create trigger b10_append_only before update or delete on public.audit_log
  for each row execute function app.audit_log_append_only();
create trigger b10_append_only_truncate before truncate on public.audit_log
  for each statement execute function app.audit_log_append_only();
