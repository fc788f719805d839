-- "Last 30 days" means one thing on the dashboard (issue 27 C8; docs/product.md §2): the 30
-- calendar days that end today, today included, as the server counts days (UTC), from the
-- first instant of the first of them. The chart (orders_per_day, revenue_by_category) always
-- counted so; the revenue card counted the last 720 hours (now() - 30 days), which reaches
-- into a 31st day, so card and chart disagreed (97 432 against 96 455 on the demo data).

-- The first instant of a period of `days` calendar days ending today.
create function app.period_start(days int) returns timestamptz
language sql stable set search_path = '' as $$
  select (current_date - (days - 1))::timestamptz
$$;
grant execute on function app.period_start(int) to anon, authenticated, service_role;

-- As 20250703100100_dashboard_drill_down.sql, the revenue card from app.period_start(30).
create or replace function public.dashboard_kpis()
returns jsonb
language sql stable security invoker set search_path = '' as $$
  select jsonb_build_object(
    'orders_today', (select count(*) from public.orders o where o.placed_at >= date_trunc('day', now())),
    'revenue_30d', (
      select coalesce(sum(o.total), 0) from public.orders o
      where o.placed_at >= app.period_start(30) and app.is_revenue(o.status)
    ),
    'pending_orders', (select count(*) from public.orders o where o.status = 'pending'),
    'low_stock_products', (select count(*) from public.products p where p.status = 'active' and p.stock < 10),
    'windows', jsonb_build_object(
      'today_from', app.iso_utc(date_trunc('day', now())),
      'revenue_from', app.iso_utc(app.period_start(30)),
      'revenue_statuses', (
        select jsonb_agg(s order by s) from unnest(enum_range(null::public.order_status)) s where app.is_revenue(s)
      )
    )
  )
$$;
