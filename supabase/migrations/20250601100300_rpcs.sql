-- RPCs the console calls (docs/product.md §7) and the realtime publication.

-- The caller's rows of the permission matrix; empty for non-staff, inactive
-- staff and anon. Security definer: the caller need not be able to read
-- `permissions` to learn their own rights.
create function public.my_permissions()
returns table (resource text, action text)
language sql stable security definer set search_path = '' as $$
  select p.resource, p.action::text
  from public.staff s
  join public.permissions p on p.role = s.role
  where s.user_id = auth.uid() and s.active
  order by p.resource, p.action
$$;

-- Revenue counts orders that were paid and not given back.
create function app.is_revenue(status public.order_status) returns boolean
language sql immutable set search_path = '' as $$
  select status in ('paid', 'shipped', 'delivered')
$$;
grant execute on function app.is_revenue(public.order_status) to anon, authenticated, service_role;

create function app.check_days(days int) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if days is null or days < 1 or days > 366 then
    raise exception 'days must be between 1 and 366.' using errcode = '22023';
  end if;
end
$$;
grant execute on function app.check_days(int) to anon, authenticated, service_role;

-- Dashboard cards. Security invoker: every figure covers only the rows the
-- caller may read. Low stock = an active product with fewer than 10 in stock.
create function public.dashboard_kpis()
returns jsonb
language sql stable security invoker set search_path = '' as $$
  select jsonb_build_object(
    'orders_today', (select count(*) from public.orders o where o.placed_at >= date_trunc('day', now())),
    'revenue_30d', (
      select coalesce(sum(o.total), 0) from public.orders o
      where o.placed_at >= now() - interval '30 days' and app.is_revenue(o.status)
    ),
    'pending_orders', (select count(*) from public.orders o where o.status = 'pending'),
    'low_stock_products', (select count(*) from public.products p where p.status = 'active' and p.stock < 10)
  )
$$;

-- Orders and revenue per calendar day (server time zone) over the last `days`
-- days including today; days without orders appear with zeros.
create function public.orders_per_day(days int default 30)
returns table (day date, orders bigint, revenue numeric)
language plpgsql stable security invoker set search_path = '' as $$
begin
  perform app.check_days(days);
  return query
  select d.day::date,
         count(o.id),
         coalesce(sum(o.total) filter (where app.is_revenue(o.status)), 0)
  from generate_series(current_date - (days - 1), current_date, interval '1 day') as d(day)
  left join public.orders o
    on o.placed_at >= d.day and o.placed_at < d.day + interval '1 day'
  group by d.day
  order by d.day;
end
$$;

-- Revenue per category over the last `days` days, from order lines; products
-- without a category are grouped under a null category.
create function public.revenue_by_category(days int default 30)
returns table (category_id bigint, category_name text, revenue numeric, items bigint)
language plpgsql stable security invoker set search_path = '' as $$
begin
  perform app.check_days(days);
  return query
  select c.id, c.name, sum(i.line_total), sum(i.quantity)::bigint
  from public.orders o
  join public.order_items i on i.order_id = o.id
  join public.products p on p.id = i.product_id
  left join public.categories c on c.id = p.category_id
  where o.placed_at >= current_date - (days - 1) and app.is_revenue(o.status)
  group by c.id, c.name
  order by 3 desc, 2;
end
$$;

revoke all on function public.my_permissions(), public.dashboard_kpis(), public.orders_per_day(int),
  public.revenue_by_category(int) from public;
grant execute on function public.my_permissions(), public.dashboard_kpis(), public.orders_per_day(int),
  public.revenue_by_category(int), public.order_next_statuses(public.order_status)
  to anon, authenticated, service_role;

-- Realtime: postgres_changes on every table the console lists; full old rows on
-- update/delete for the records operators edit.
alter publication supabase_realtime add table
  public.categories, public.products, public.customers, public.orders, public.order_items,
  public.staff, public.permissions, public.audit_log;
alter table public.categories replica identity full;
alter table public.products replica identity full;
alter table public.customers replica identity full;
alter table public.orders replica identity full;
alter table public.order_items replica identity full;
