-- Opsdesk large data set (issue 6, performance at scale): 1 000 000 products,
-- 100 000 customers, 200 000 orders with about 3 items each. It REPLACES the
-- products, customers, orders and order items of the database; categories,
-- accounts, staff, permissions and the audit log are kept (run the demo seed first:
-- the products are spread over the existing categories).
--
-- One transaction, set-based (generate_series), in steps that `scripts/seed-large.ts`
-- runs one by one to print progress (`-- step:` lines mark them; psql runs the file
-- as a whole too, inside `begin; … commit;`).
--
-- Triggers are bypassed: `session_replication_role = replica` skips the audit
-- trigger (a million audit rows would be no history anyone wants), the per-row
-- version/status/price triggers and the item-lock/total trigger, and also the
-- foreign-key triggers. What those triggers would have derived is computed here,
-- in the same statements, so the data obeys every rule of the schema:
--   · order_items.unit_price = the product's price (app.order_items_default_price);
--   · orders.total = the sum of its line totals (app.order_items_changed);
--   · orders get paid/shipped/delivered stamps that match their status and are
--     ordered in time (app.orders_status_machine; the check constraints still run);
--   · every product/customer an item/order names exists, and only active products
--     are ordered (the foreign keys are not checked while replica);
--   · products.category_name is their category's name (app.products_category_name);
--   · generated columns (search, orders.number, line_total) are still computed by
--     Postgres itself.
-- The lists' secondary indexes are dropped for the load and rebuilt afterwards
-- (one sort per index instead of a million inserts into each); the unique
-- constraints stay and keep checking.
-- The tables leave the realtime publication for the transaction only: a running
-- stack's change feed would otherwise decode a million-row transaction.

-- step: prepare
set local session_replication_role = replica;
set local maintenance_work_mem = '256MB';
set local work_mem = '64MB';
do $$
begin
  if not exists (select from public.categories) then
    raise exception 'No categories: run the demo seed first (npm run stack -- reset).';
  end if;
end
$$;
select setseed(0.6);

create temporary table large_unpublished on commit drop as
select pt.schemaname, pt.tablename from pg_publication_tables pt
where pt.pubname = 'supabase_realtime' and pt.schemaname = 'public'
  and pt.tablename in ('products', 'customers', 'orders', 'order_items');
do $$
declare
  t record;
begin
  for t in select * from large_unpublished loop
    execute format('alter publication supabase_realtime drop table %I.%I', t.schemaname, t.tablename);
  end loop;
end
$$;

truncate public.order_items, public.orders, public.customers, public.products restart identity;

-- Secondary indexes (not backing a constraint) of the four tables, rebuilt at the end.
create temporary table large_index on commit drop as
select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
from pg_index i
where i.indrelid in ('public.products'::regclass, 'public.customers'::regclass,
                     'public.orders'::regclass, 'public.order_items'::regclass)
  and not exists (select from pg_constraint c where c.conindid = i.indexrelid);
do $$
declare
  ix record;
begin
  for ix in select * from large_index loop
    execute 'drop index ' || ix.name;
  end loop;
end
$$;

-- step: products (1 000 000)
-- Status follows the id so that items can pick active products arithmetically:
-- (id - 1) % 100 < 80 active, < 92 draft, else archived.
insert into public.products (id, sku, name, description, category_id, category_name, price, stock, status, tags, created_at, updated_at)
select p.n,
       upper(left(regexp_replace(c.name, '[^A-Za-z]', '', 'g'), 3)) || '-' || lpad(p.n::text, 7, '0'),
       p.adjective || ' ' || p.material || ' ' || p.noun,
       format('%s %s %s from our %s range. %s', p.adjective, lower(p.material), lower(p.noun), lower(c.name), p.blurb),
       case when p.status = 'draft' and p.n % 3 = 0 then null else c.id end,
       case when p.status = 'draft' and p.n % 3 = 0 then null else c.name end,
       p.price, p.stock, p.status::public.product_status, p.tags, p.created_at,
       p.created_at + random() * interval '30 days'
from (
  select n,
         (array['Classic', 'Compact', 'Deluxe', 'Eco', 'Essential', 'Pro', 'Smart', 'Travel', 'Ultra', 'Vintage',
                'Premium', 'Mini', 'Family', 'Urban', 'Nordic', 'Everyday'])[1 + floor(random() * 16)::int] as adjective,
         (array['Oak', 'Steel', 'Bamboo', 'Cotton', 'Leather', 'Glass', 'Ceramic', 'Wool', 'Copper', 'Linen',
                'Walnut', 'Granite', 'Silicone', 'Cork', 'Marble', 'Canvas', 'Titanium', 'Rattan', 'Slate', 'Denim'])[1 + floor(random() * 20)::int] as material,
         (array['Headphones', 'Speaker', 'Charger', 'Keyboard', 'Webcam', 'Kettle', 'Mug', 'Knife', 'Frying Pan', 'Toaster',
                'Planter', 'Lantern', 'Trowel', 'Backpack', 'Tent', 'Headlamp', 'Puzzle', 'Kite', 'Journal', 'Atlas',
                'Stapler', 'Desk Lamp', 'Binder', 'Shampoo', 'Soap Bar', 'Scarf', 'Wallet', 'Sneakers', 'Collar', 'Cat Bed',
                'Dash Cam', 'Seat Cover', 'Olive Oil', 'Honey', 'Granola', 'Spice Set', 'Blender', 'Yoga Mat', 'Tote Bag', 'Planner'])[1 + floor(random() * 40)::int] as noun,
         (array['Built to last.', 'Customer favourite.', 'Made from recycled materials.', 'New this season.',
                'Great as a gift.', 'Designed in Europe.', 'Backed by a two-year warranty.', 'Small batch.'])[1 + floor(random() * 8)::int] as blurb,
         cat.ids[1 + floor(random() * cardinality(cat.ids))::int] as category,
         (floor(2 + power(random(), 2) * 240) + 0.99)::numeric(12, 2) as price,
         case when random() < 0.08 then floor(random() * 10)::int else 10 + floor(random() * 490)::int end as stock,
         case when (n - 1) % 100 < 80 then 'active' when (n - 1) % 100 < 92 then 'draft' else 'archived' end as status,
         case when random() < 0.7 then '{}'::text[]
              else string_to_array((array['new', 'sale', 'eco,gift', 'bestseller', 'limited,premium'])[1 + floor(random() * 5)::int], ',') end as tags,
         now() - interval '3 years' + n * interval '90 seconds' as created_at
  from generate_series(1, 1000000) n
  cross join (select array_agg(id order by id) as ids from public.categories) cat
) p
join public.categories c on c.id = p.category;

-- step: customers (100 000)
insert into public.customers (id, full_name, email, phone, country, is_blocked, notes, created_at, updated_at)
select md5('opsdesk-large-customer-' || c.n)::uuid,
       c.first_name || ' ' || c.last_name,
       lower(translate(c.first_name || '.' || c.last_name, 'üÜ''', 'uU')) || c.n || '@' || c.domain,
       case when random() < 0.15 then null
            else '+' || (10 + floor(random() * 89)::int) || ' ' || (100 + floor(random() * 899)::int) || ' '
                 || lpad(floor(random() * 10000000)::text, 7, '0') end,
       c.country,
       c.r_notes < 0.03,
       case when c.r_notes < 0.03 then 'Blocked after repeated chargebacks.'
            when c.r_notes < 0.10 then 'Prefers delivery in the afternoon.'
            when c.r_notes < 0.15 then 'Wholesale customer: invoice monthly.' end,
       c.created_at, c.created_at
from (
  select n, random() as r_notes,
         now() - interval '3 years' + n * interval '15 minutes' as created_at,
         (array['Anna', 'Ben', 'Clara', 'David', 'Elena', 'Felix', 'Grace', 'Hugo', 'Ines', 'Jonas', 'Katja', 'Liam',
                'Maya', 'Noah', 'Olivia', 'Paul', 'Quinn', 'Rosa', 'Samuel', 'Tara', 'Umar', 'Vera', 'William', 'Yuki',
                'Zoe', 'Amir', 'Bianca', 'Chen', 'Dara', 'Emil'])[1 + floor(random() * 30)::int] as first_name,
         (array['Schmidt', 'Johnson', 'Garcia', 'Müller', 'Rossi', 'Dubois', 'Kowalski', 'Andersson', 'Tanaka', 'Silva',
                'Novak', 'Jansen', 'O''Brien', 'Fischer', 'Martin', 'Lopez', 'Nielsen', 'Weber', 'Costa', 'Khan'])[1 + floor(random() * 20)::int] as last_name,
         (array['DE', 'DE', 'DE', 'US', 'US', 'GB', 'GB', 'FR', 'FR', 'NL', 'ES', 'IT', 'AT', 'CH', 'SE', 'PL', 'DK',
                'BE', 'IE', 'PT', 'CA', 'AU', 'JP', 'BR'])[1 + floor(random() * 24)::int] as country,
         (array['example.com', 'example.org', 'example.net', 'mail.test'])[1 + floor(random() * 4)::int] as domain
  from generate_series(1, 100000) n
) c;

-- step: order items (about 600 000, staged)
-- 1–5 items per order (3 on average), each an active product at its current price.
create temporary table large_item on commit drop as
select o.n as order_id, p.id as product_id, i.quantity, p.price as unit_price
from generate_series(1, 200000) o(n)
cross join lateral generate_series(1, 1 + floor(random() * 5 + o.n * 0)::int) g
cross join lateral (
  select 100 * floor(random() * 10000)::int + 1 + floor(random() * 80)::int as product_id,
         case when random() < 0.7 then 1 else 2 + floor(random() * 3)::int end as quantity
  where g is not null
) i
join public.products p on p.id = i.product_id;

-- step: orders (200 000)
-- Placed over the last two years, oldest first; the status each has reached
-- depends on its age (recent orders are still open), stamps follow in order.
insert into public.orders (id, customer_id, status, total, placed_at, paid_at, shipped_at, delivered_at, notes, created_at, updated_at)
select o.n, o.customer_id, o.status::public.order_status, coalesce(t.total, 0), o.placed_at,
       o.paid_at,
       o.shipped_at,
       o.delivered_at,
       case when o.r_notes < 0.08 then 'Gift wrap, please.' end,
       o.placed_at, coalesce(o.delivered_at, o.shipped_at, o.paid_at, o.placed_at)
from (
  select s.*,
         case when s.status in ('paid', 'shipped', 'delivered', 'refunded') then least(now(), s.placed_at + s.d_paid) end as paid_at,
         case when s.status in ('shipped', 'delivered') or (s.status = 'refunded' and s.n % 2 = 0)
              then least(now(), s.placed_at + s.d_paid + s.d_shipped) end as shipped_at,
         case when s.status = 'delivered' or (s.status = 'refunded' and s.n % 4 = 0)
              then least(now(), s.placed_at + s.d_paid + s.d_shipped + s.d_delivered) end as delivered_at
  from (
    select a.*,
           case
             when a.age < interval '2 days' then
               case when a.r < 0.5 then 'pending' when a.r < 0.8 then 'paid' when a.r < 0.9 then 'shipped' else 'cancelled' end
             when a.age < interval '7 days' then
               case when a.r < 0.1 then 'pending' when a.r < 0.3 then 'paid' when a.r < 0.7 then 'shipped'
                    when a.r < 0.9 then 'delivered' else 'cancelled' end
             else
               case when a.r < 0.02 then 'pending' when a.r < 0.05 then 'shipped' when a.r < 0.8 then 'delivered'
                    when a.r < 0.9 then 'refunded' else 'cancelled' end
           end as status
    from (
      select n,
             md5('opsdesk-large-customer-' || (1 + floor(random() * 100000)::int))::uuid as customer_id,
             now() - interval '730 days' * (1 - n / 200000.0) - random() * interval '90 minutes' as placed_at,
             interval '730 days' * (1 - n / 200000.0) as age,
             random() as r, random() as r_notes,
             random() * interval '6 hours' as d_paid,
             interval '1 day' + random() * interval '2 days' as d_shipped,
             interval '1 day' + random() * interval '4 days' as d_delivered
      from generate_series(1, 200000) n
    ) a
  ) s
) o
left join (
  select order_id, sum(quantity * unit_price) as total from large_item group by order_id
) t on t.order_id = o.n;

-- step: order items (insert)
insert into public.order_items (order_id, product_id, quantity, unit_price, created_at, updated_at)
select i.order_id, i.product_id, i.quantity, i.unit_price, o.placed_at, o.placed_at
from large_item i
join public.orders o on o.id = i.order_id
order by i.order_id;

-- step: identity sequences and the realtime publication
select setval(pg_get_serial_sequence('public.products', 'id'), (select max(id) from public.products));
select setval(pg_get_serial_sequence('public.orders', 'id'), (select max(id) from public.orders));
select setval(pg_get_serial_sequence('public.order_items', 'id'), (select max(id) from public.order_items));
do $$
declare
  t record;
begin
  for t in select * from large_unpublished loop
    execute format('alter publication supabase_realtime add table %I.%I', t.schemaname, t.tablename);
  end loop;
end
$$;

-- step: rebuild indexes
do $$
declare
  ix record;
begin
  for ix in select * from large_index loop
    execute ix.definition;
  end loop;
end
$$;
