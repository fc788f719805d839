-- Dashboard drill-down (issue 14 item 11): each figure also answers the window it
-- counted, so the console can open the list it summarises with exactly that filter.
-- Bounds are ISO-8601 UTC text ("…Z"), the form the console's URL filters hold
-- (a "+00:00" offset would read as a space in a query string), to the microsecond,
-- so "placed_at between day_from and day_to" counts what the chart's bar counts,
-- whatever the browser's time zone.

create function app.iso_utc(at timestamptz) returns text
language sql immutable set search_path = '' as $$
  select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
$$;
grant execute on function app.iso_utc(timestamptz) to anon, authenticated, service_role;

-- The four cards as before, plus `windows`: where "today" and "last 30 days" start,
-- and which statuses count as revenue (app.is_revenue), for the cards' links.
create or replace function public.dashboard_kpis()
returns jsonb
language sql stable security invoker set search_path = '' as $$
  select jsonb_build_object(
    'orders_today', (select count(*) from public.orders o where o.placed_at >= date_trunc('day', now())),
    'revenue_30d', (
      select coalesce(sum(o.total), 0) from public.orders o
      where o.placed_at >= now() - interval '30 days' and app.is_revenue(o.status)
    ),
    'pending_orders', (select count(*) from public.orders o where o.status = 'pending'),
    'low_stock_products', (select count(*) from public.products p where p.status = 'active' and p.stock < 10),
    'windows', jsonb_build_object(
      'today_from', app.iso_utc(date_trunc('day', now())),
      'revenue_from', app.iso_utc(now() - interval '30 days'),
      'revenue_statuses', (
        select jsonb_agg(s order by s) from unnest(enum_range(null::public.order_status)) s where app.is_revenue(s)
      )
    )
  )
$$;

-- Orders and revenue per calendar day (server time zone), each day with the first
-- and last instant it covers.
drop function public.orders_per_day(int);
create function public.orders_per_day(days int default 30)
returns table (day date, day_from text, day_to text, orders bigint, revenue numeric)
language plpgsql stable security invoker set search_path = '' as $$
begin
  perform app.check_days(days);
  return query
  select d.day::date,
         app.iso_utc(d.day),
         app.iso_utc(d.day + interval '1 day' - interval '1 microsecond'),
         count(o.id),
         coalesce(sum(o.total) filter (where app.is_revenue(o.status)), 0)
  from generate_series(current_date - (days - 1), current_date, interval '1 day') as d(day)
  left join public.orders o
    on o.placed_at >= d.day and o.placed_at < d.day + interval '1 day'
  group by d.day
  order by d.day;
end
$$;
revoke all on function public.orders_per_day(int) from public;
grant execute on function public.orders_per_day(int) to anon, authenticated, service_role;
