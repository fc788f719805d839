-- The demo store's own rules (docs/product.md §4 "The store's rules", issue 27 C9), in the
-- database beside the order state machine, so they hold for the console, the REST API, bulk
-- actions, imports and merges alike.
--
-- Every refusal here is SQLSTATE P0001 (PostgREST: HTTP 400) with a machine-readable code in
-- HINT and the facts the sentence names as a JSON object in DETAIL; the console words a
-- refusal by its code (src/providers/ruleErrors.ts), never by the English MESSAGE, which is
-- there for every other client:
--
--   code (HINT)                    DETAIL                               MESSAGE (English)
--   order_new_pending              {}                                   A new order must start as pending.
--   order_times                    {}                                   Order times are set by status changes and cannot be edited.
--   order_status_change            {order, from, to}                    An order that is <from> cannot become <to>.
--   order_items_locked             {order, status}                      Items can only be changed while the order is pending.
--   order_customer_blocked         {customer}                           <customer> is blocked: no order can be placed for them.
--   order_blocked_customer_status  {order, customer, to}                <customer> is blocked: their order cannot become <to>. …
--   order_empty                    {order}                              An order without items cannot become paid.
--   order_customer_locked          {order, status}                      Only a pending order can move to another customer; <order> is <status>.
--   order_delete_locked            {order, status}                      Only pending or cancelled orders can be deleted; <order> is <status>.
--   product_not_active             {product, status}                    <product> is <status>: only active products can be ordered.
--   insufficient_stock             {product, in_stock, needed}          Only <in_stock> of <product> in stock; the order needs <needed>.
--
-- Stock: paying an order takes its units out of stock; cancelling or refunding it before it
-- ships puts them back (after shipping the goods are with the customer: a return is counted
-- back by hand). Lines ask for at most what is in stock when they are added or changed.

-- Raises a store rule's refusal.
create function app.refuse(rule_code text, sentence text, facts jsonb default '{}')
returns void
language plpgsql set search_path = '' as $$
begin
  raise exception using errcode = 'P0001', message = sentence, detail = facts::text, hint = rule_code;
end
$$;

-- merge_customers moves every order of a duplicate customer to the customer it is merged into:
-- the same person, so the customer rules of orders do not apply to those moves. The flag is
-- transaction-local and names the duplicate; clients cannot set it (set_config is not exposed).
create function app.merging_away(customer uuid) returns boolean
language sql stable set search_path = '' as $$
  select coalesce(current_setting('opsdesk.merging_customer', true), '') = customer::text
$$;

-- The order's units per product, its lines summed.
create function app.order_units(order_id bigint)
returns table (product_id bigint, units bigint)
language sql stable set search_path = '' as $$
  select i.product_id, sum(i.quantity)::bigint from public.order_items i where i.order_id = $1 group by i.product_id
$$;

-- Paying takes the order's units out of stock: every product must be active and hold them.
-- The products are locked first (in key order), so two payments of the last units cannot
-- both pass the check.
create function app.take_stock(paid public.orders) returns void
language plpgsql set search_path = '' as $$
declare
  short record;
begin
  perform from public.products p where p.id in (select u.product_id from app.order_units(paid.id) u)
  order by p.id for update;
  select p.name, p.status, p.stock, u.units into short
  from app.order_units(paid.id) u join public.products p on p.id = u.product_id
  where p.status <> 'active' or p.stock < u.units
  order by p.status = 'active', p.name
  limit 1;
  if found and short.status <> 'active' then
    perform app.refuse('product_not_active',
      format('%s is %s: only active products can be ordered.', short.name, short.status),
      jsonb_build_object('product', short.name, 'status', short.status));
  elsif found then
    perform app.refuse('insufficient_stock',
      format('Only %s of %s in stock; the order needs %s.', short.stock, short.name, short.units),
      jsonb_build_object('product', short.name, 'in_stock', short.stock, 'needed', short.units));
  end if;
  update public.products p set stock = p.stock - u.units from app.order_units(paid.id) u where p.id = u.product_id;
end
$$;

-- A paid order cancelled or refunded before it shipped puts its units back.
create function app.return_stock(returned public.orders) returns void
language sql set search_path = '' as $$
  update public.products p set stock = p.stock + u.units from app.order_units(returned.id) u where p.id = u.product_id
$$;

-- The name of the customer when they are blocked (null otherwise, or when there is no such
-- customer: the foreign key says so after the trigger).
create function app.blocked_customer(customer uuid) returns text
language sql stable set search_path = '' as $$
  select c.full_name from public.customers c where c.id = customer and c.is_blocked
$$;

-- The state machine (20250601100100_triggers.sql) with the store's rules. Security definer:
-- the rules read the customer, the lines and the products, and paying moves stock, whatever
-- the caller may read or edit (an operator who may edit orders but not products still sells
-- their units; the products' audit entries name that operator).
create or replace function app.orders_status_machine() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  blocked text;
begin
  if tg_op = 'INSERT' then
    if new.status <> 'pending' then
      perform app.refuse('order_new_pending', 'A new order must start as pending.');
    end if;
    if new.paid_at is not null or new.shipped_at is not null or new.delivered_at is not null then
      perform app.refuse('order_times', 'Order times are set by status changes and cannot be edited.');
    end if;
    blocked := app.blocked_customer(new.customer_id);
    if blocked is not null then
      perform app.refuse('order_customer_blocked',
        format('%s is blocked: no order can be placed for them.', blocked),
        jsonb_build_object('customer', blocked));
    end if;
    return new;
  end if;

  if new.status is distinct from old.status
     and not (new.status = any (public.order_next_statuses(old.status))) then
    perform app.refuse('order_status_change',
      format('An order that is %s cannot become %s.', old.status, new.status),
      jsonb_build_object('order', old.number, 'from', old.status, 'to', new.status));
  end if;

  if (new.paid_at is distinct from old.paid_at and not (new.status = 'paid' and old.status = 'pending'))
     or (new.shipped_at is distinct from old.shipped_at and not (new.status = 'shipped' and old.status = 'paid'))
     or (new.delivered_at is distinct from old.delivered_at and not (new.status = 'delivered' and old.status = 'shipped')) then
    perform app.refuse('order_times', 'Order times are set by status changes and cannot be edited.');
  end if;

  if new.customer_id is distinct from old.customer_id and not app.merging_away(old.customer_id) then
    if old.status <> 'pending' then
      perform app.refuse('order_customer_locked',
        format('Only a pending order can move to another customer; %s is %s.', old.number, old.status),
        jsonb_build_object('order', old.number, 'status', old.status));
    end if;
    blocked := app.blocked_customer(new.customer_id);
    if blocked is not null then
      perform app.refuse('order_customer_blocked',
        format('%s is blocked: no order can be placed for them.', blocked),
        jsonb_build_object('customer', blocked));
    end if;
  end if;

  if new.status is distinct from old.status then
    if new.status in ('paid', 'shipped') then
      blocked := app.blocked_customer(new.customer_id);
      if blocked is not null then
        perform app.refuse('order_blocked_customer_status',
          format('%s is blocked: their order cannot become %s. Cancel it, or unblock the customer first.',
                 blocked, new.status),
          jsonb_build_object('order', old.number, 'customer', blocked, 'to', new.status));
      end if;
    end if;
    if new.status = 'paid' then
      if not exists (select from public.order_items i where i.order_id = old.id) then
        perform app.refuse('order_empty', 'An order without items cannot become paid.',
          jsonb_build_object('order', old.number));
      end if;
      perform app.take_stock(old);
    elsif old.status = 'paid' and new.status in ('cancelled', 'refunded') then
      perform app.return_stock(old);
    end if;
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

-- Paid, shipped, delivered and refunded orders are the store's books: only a pending or a
-- cancelled order can be deleted.
create function app.orders_keep_business_records() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.status not in ('pending', 'cancelled') then
    perform app.refuse('order_delete_locked',
      format('Only pending or cancelled orders can be deleted; %s is %s.', old.number, old.status),
      jsonb_build_object('order', old.number, 'status', old.status));
  end if;
  return old;
end
$$;
create trigger b10_keep_business_records before delete on public.orders
  for each row execute function app.orders_keep_business_records();

-- After each statement on order_items (20250601100100_triggers.sql): the orders it touched
-- must be pending; then a new line, or one whose product changed, must be of an active
-- product, and each order may ask for at most the units its products have in stock (the
-- product's lines of that order summed); then the totals follow the lines.
create or replace function app.order_items_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  ids bigint[];
  locked record;
  offending record;
  line_orders bigint[];
  line_products bigint[];
  line_new_product boolean[];
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
  select o.number, o.status into locked from public.orders o where o.id = any (ids) and o.status <> 'pending' limit 1;
  if found then
    perform app.refuse('order_items_locked', 'Items can only be changed while the order is pending.',
      jsonb_build_object('order', locked.number, 'status', locked.status));
  end if;

  if tg_op <> 'DELETE' then
    -- The lines this statement added, or whose product or quantity it changed.
    if tg_op = 'INSERT' then
      select coalesce(array_agg(n.order_id), '{}'), coalesce(array_agg(n.product_id), '{}'),
             coalesce(array_agg(true), '{}')
      into line_orders, line_products, line_new_product
      from new_rows n;
    else
      select coalesce(array_agg(n.order_id), '{}'), coalesce(array_agg(n.product_id), '{}'),
             coalesce(array_agg(n.product_id is distinct from o.product_id), '{}')
      into line_orders, line_products, line_new_product
      from new_rows n join old_rows o on o.id = n.id
      where n.product_id is distinct from o.product_id or n.quantity is distinct from o.quantity;
    end if;
    select p.name, p.status into offending
    from unnest(line_products, line_new_product) c(product_id, new_product)
    join public.products p on p.id = c.product_id
    where c.new_product and p.status <> 'active'
    order by p.name limit 1;
    if found then
      perform app.refuse('product_not_active',
        format('%s is %s: only active products can be ordered.', offending.name, offending.status),
        jsonb_build_object('product', offending.name, 'status', offending.status));
    end if;
    select p.name, p.stock, sum(i.quantity)::bigint as units into offending
    from (select distinct c.order_id, c.product_id from unnest(line_orders, line_products) c(order_id, product_id)) c
    join public.order_items i on i.order_id = c.order_id and i.product_id = c.product_id
    join public.products p on p.id = c.product_id
    group by c.order_id, p.id
    having sum(i.quantity) > p.stock
    order by p.name limit 1;
    if found then
      perform app.refuse('insufficient_stock',
        format('Only %s of %s in stock; the order needs %s.', offending.stock, offending.name, offending.units),
        jsonb_build_object('product', offending.name, 'in_stock', offending.stock, 'needed', offending.units));
    end if;
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

-- The whole state machine in one call, for screens that judge many orders at once (a bulk
-- status change says beforehand which selected orders cannot take the new status).
create function public.order_transitions()
returns jsonb
language sql immutable set search_path = '' as $$
  select jsonb_object_agg(s, to_jsonb(public.order_next_statuses(s)))
  from unnest(enum_range(null::public.order_status)) s
$$;
revoke all on function public.order_transitions() from public;
grant execute on function public.order_transitions() to authenticated, service_role;

-- merge_customers (20250621100100_merge_customers.sql) marks the duplicate whose orders it
-- moves, so the orders' customer rules let those moves through (app.merging_away).
create or replace function public.merge_customers(keep_id uuid, keep_version int, duplicate_id uuid, duplicate_version int)
returns jsonb
language plpgsql volatile security invoker set search_path = '' as $$
declare
  found_rows int;
  moved int;
begin
  if not ((select app.can('customers', 'edit')) and (select app.can('customers', 'delete'))) then
    raise exception 'You don''t have permission to do that.' using errcode = '42501';
  end if;
  if keep_id = duplicate_id then
    raise exception 'A customer cannot be merged with itself.' using errcode = 'P0001';
  end if;
  -- Lock both, in a fixed order, so two merges of one pair cannot interleave.
  perform 1 from public.customers where id in (keep_id, duplicate_id) order by id for update;
  get diagnostics found_rows = row_count;
  if found_rows < 2 then
    raise exception 'That customer no longer exists.' using errcode = 'P0001';
  end if;
  if exists (
    select 1 from public.customers c
    where (c.id = keep_id and c.version <> keep_version) or (c.id = duplicate_id and c.version <> duplicate_version)
  ) then
    raise exception 'Someone else changed one of these customers. Reload to see their changes.'
      using errcode = 'PT409';
  end if;
  perform set_config('opsdesk.merging_customer', duplicate_id::text, true);
  update public.orders set customer_id = keep_id where customer_id = duplicate_id;
  get diagnostics moved = row_count;
  perform set_config('opsdesk.merging_customer', '', true);
  delete from public.customers where id = duplicate_id;
  return jsonb_build_object('kept', keep_id, 'removed', duplicate_id, 'moved_orders', moved);
end
$$;

-- Called only by the triggers above (security definer); app.refuse and app.merging_away raise or
-- read a flag, and stay callable by the caller's own triggers.
revoke all on function app.order_units(bigint),
  app.take_stock(public.orders), app.return_stock(public.orders), app.blocked_customer(uuid),
  app.orders_keep_business_records()
  from public, anon, authenticated, service_role;
