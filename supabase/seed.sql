-- Opsdesk demo data: the demo's permission matrix (docs/product.md §6) and the demo accounts
-- (password `opsdesk-demo`) as Opsdesk's (opsdesk.permissions, opsdesk.operators), and a
-- deterministic business: 12 categories, 500
-- products, 300 customers, 1 000 orders with 1–5 items over the last 90 days.
-- Orders are created pending with their items and then walked through the state
-- machine by the real triggers, so the data obeys every rule the console does.

-- ── Permission matrix ────────────────────────────────────────────────────────
-- Opsdesk's matrix (opsdesk.permissions: role × table × action) for the store's tables and the
-- audit log; administering operators and the matrix is Opsdesk's admin role
-- (docs/any-project.md, "The permission model").
insert into opsdesk.permissions (role, schema_name, table_name, action)
select m.role, r.schema_name, r.table_name, a.action
from (values
  ('viewer', 'records', array['list', 'show', 'export']),
  ('editor', 'records', array['list', 'show', 'export', 'create', 'edit', 'import']),
  ('admin',  'records', array['list', 'show', 'export', 'create', 'edit', 'import', 'delete']),
  ('viewer', 'orders',  array['list', 'show', 'export']),
  ('editor', 'orders',  array['list', 'show', 'export', 'create', 'edit']),
  ('admin',  'orders',  array['list', 'show', 'export', 'create', 'edit', 'delete']),
  ('editor', 'audit',   array['list', 'show', 'export']),
  ('admin',  'audit',   array['list', 'show', 'export'])
) as m(role, kind, actions)
join (values
  ('records', 'public', 'categories'), ('records', 'public', 'products'), ('records', 'public', 'customers'),
  ('orders', 'public', 'orders'), ('orders', 'public', 'order_items'),
  ('audit', 'opsdesk', 'audit_log')
) as r(kind, schema_name, table_name) on r.kind = m.kind
cross join lateral unnest(m.actions) as a(action)
on conflict do nothing;

-- ── Demo accounts ────────────────────────────────────────────────────────────
-- Inserted the way seeds for hosted Supabase create users: auth.users with a
-- bcrypt password plus the matching e-mail identity.
create temporary table demo_account (id uuid, email text, full_name text, role text, active boolean);
insert into demo_account values
  ('0d000000-0000-4000-8000-000000000001', 'admin@example.com',    'Ada Admin',     'admin',  true),
  ('0d000000-0000-4000-8000-000000000002', 'editor@example.com',   'Eddie Editor',  'editor', true),
  ('0d000000-0000-4000-8000-000000000003', 'viewer@example.com',   'Vera Viewer',   'viewer', true),
  ('0d000000-0000-4000-8000-000000000004', 'outsider@example.com', 'Oscar Outsider', null,    null),
  ('0d000000-0000-4000-8000-000000000005', 'former@example.com',   'Fran Former',   'editor', false);

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select '00000000-0000-0000-0000-000000000000', d.id, 'authenticated', 'authenticated', d.email,
       extensions.crypt('opsdesk-demo', extensions.gen_salt('bf')), now(),
       '{"provider":"email","providers":["email"]}', jsonb_build_object('full_name', d.full_name), now(), now(),
       '', '', '', ''
from demo_account d;

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select d.id::text, d.id,
       jsonb_build_object('sub', d.id::text, 'email', d.email, 'email_verified', true, 'phone_verified', false),
       'email', now(), now(), now()
from demo_account d;

-- The operators (opsdesk.operators; the e-mail is copied from auth.users). The outsider has an
-- account and no operator row; the former editor is inactive.
insert into opsdesk.operators (user_id, full_name, role, active)
select d.id, d.full_name, d.role, d.active
from demo_account d
where d.role is not null;

-- ── Business data ────────────────────────────────────────────────────────────
select setseed(0.42);

create temporary table seed_category (id bigint, name text, sku_prefix text, description text, nouns text[]);
insert into seed_category values
  (1,  'Electronics',       'ELE', 'Gadgets, audio and the cables that connect them.',
       array['Headphones', 'Speaker', 'Charger', 'Power Bank', 'USB-C Cable', 'Keyboard', 'Mouse', 'Webcam', 'Monitor Stand', 'Smart Plug']),
  (2,  'Home & Kitchen',    'HOM', 'Everything for cooking, serving and keeping house.',
       array['Kettle', 'Mug', 'Chef Knife', 'Cutting Board', 'Frying Pan', 'Coffee Grinder', 'Tea Towel', 'Storage Jar', 'Toaster', 'Blender']),
  (3,  'Garden',            'GAR', 'Tools and decoration for gardens and balconies.',
       array['Watering Can', 'Pruning Shears', 'Planter', 'Garden Hose', 'Garden Gloves', 'Seed Kit', 'Bird Feeder', 'Lantern', 'Trowel', 'Compost Bin']),
  (4,  'Sports & Outdoors', 'SPO', 'Gear for training, hiking and camping.',
       array['Yoga Mat', 'Water Bottle', 'Backpack', 'Tent', 'Running Socks', 'Dumbbell Set', 'Bike Light', 'Sleeping Bag', 'Jump Rope', 'Headlamp']),
  (5,  'Toys & Games',      'TOY', 'Games and toys for all ages.',
       array['Puzzle', 'Board Game', 'Building Blocks', 'Plush Bear', 'Kite', 'Card Game', 'Marble Run', 'Toy Car', 'Doll House', 'Yo-Yo']),
  (6,  'Books',             'BOO', 'Cookbooks, guides, novels and notebooks.',
       array['Cookbook', 'Novel', 'Atlas', 'Journal', 'Sketchbook', 'Field Guide', 'Biography', 'Poetry Collection', 'Comic Album', 'Travel Guide']),
  (7,  'Office Supplies',   'OFF', 'Desk essentials for home and office.',
       array['Stapler', 'Desk Lamp', 'Fountain Pen', 'Sticky Notes', 'Paper Tray', 'Whiteboard', 'Binder', 'Desk Organizer', 'Label Maker', 'Planner']),
  (8,  'Beauty & Care',     'BEA', 'Skin, hair and body care.',
       array['Hand Cream', 'Shampoo', 'Face Serum', 'Lip Balm', 'Soap Bar', 'Hair Brush', 'Body Lotion', 'Sunscreen', 'Bath Salts', 'Shaving Kit']),
  (9,  'Fashion',           'FAS', 'Clothing and accessories.',
       array['T-Shirt', 'Scarf', 'Beanie', 'Sneakers', 'Belt', 'Wallet', 'Sunglasses', 'Rain Jacket', 'Tote Bag', 'Socks Pack']),
  (10, 'Pet Supplies',      'PET', 'Food bowls, beds and toys for pets.',
       array['Dog Leash', 'Cat Bed', 'Chew Toy', 'Pet Bowl', 'Scratching Post', 'Treat Jar', 'Grooming Brush', 'Litter Mat', 'Collar', 'Aquarium Filter']),
  (11, 'Automotive',        'AUT', 'Accessories and care for cars.',
       array['Phone Mount', 'Car Vacuum', 'Tire Gauge', 'Seat Cover', 'Jump Starter', 'Air Freshener', 'Ice Scraper', 'Dash Cam', 'Trunk Organizer', 'Floor Mats']),
  (12, 'Food & Drink',      'FOO', 'Pantry favourites from small producers.',
       array['Olive Oil', 'Espresso Beans', 'Green Tea', 'Dark Chocolate', 'Honey', 'Granola', 'Hot Sauce', 'Pasta', 'Spice Set', 'Maple Syrup']);

-- Slugs are derived by the trigger.
insert into public.categories (id, name, description, created_at)
select c.id, c.name, c.description, now() - interval '400 days' + c.id * interval '1 day'
from seed_category c
order by c.id;

insert into public.products (id, sku, name, description, category_id, price, stock, status, tags, created_at)
select p.n,
       c.sku_prefix || '-' || lpad(p.n::text, 4, '0'),
       p.adjective || ' ' || p.noun,
       format('%s %s from our %s range. %s', p.adjective, lower(p.noun), lower(c.name), p.blurb),
       -- a few drafts are not categorised yet
       case when p.status = 'draft' and p.r_uncategorised < 0.3 then null else c.id end,
       p.price,
       p.stock,
       p.status::public.product_status,
       p.tags,
       now() - interval '360 days' + p.n * interval '15 hours'
from (
  select n, cat, noun_pick, r_uncategorised,
         (array['Classic', 'Compact', 'Deluxe', 'Eco', 'Essential', 'Pro', 'Smart', 'Travel', 'Ultra', 'Vintage',
                'Premium', 'Mini', 'Family', 'Urban', 'Nordic', 'Everyday'])[1 + floor(random() * 16)::int] as adjective,
         (select s.nouns[noun_pick] from seed_category s where s.id = cat) as noun,
         (array['Built to last.', 'Customer favourite.', 'Made from recycled materials.', 'New this season.',
                'Great as a gift.', 'Designed in Europe.', 'Backed by a two-year warranty.', 'Small batch.'])[1 + floor(random() * 8)::int] as blurb,
         (floor(2 + power(random(), 2) * 240) + 0.99)::numeric(12, 2) as price,
         case when random() < 0.08 then floor(random() * 10)::int else 10 + floor(random() * 490)::int end as stock,
         case when r_status < 0.80 then 'active' when r_status < 0.92 then 'draft' else 'archived' end as status,
         (select coalesce(array_agg(t order by t), '{}')
            from unnest(array['new', 'bestseller', 'sale', 'eco', 'limited', 'gift', 'bundle', 'premium']) t
           where random() < 0.15 + 0 * n) as tags
  from (
    select n, 1 + floor(random() * 12)::int as cat, 1 + floor(random() * 10)::int as noun_pick,
           random() as r_status, random() as r_uncategorised
    from generate_series(1, 500) n
  ) base
) p
join seed_category c on c.id = p.cat
order by p.n;

create temporary table seed_name (first_names text[], last_names text[], countries text[], domains text[]);
insert into seed_name values (
  array['Anna', 'Ben', 'Clara', 'David', 'Elena', 'Felix', 'Grace', 'Hugo', 'Ines', 'Jonas', 'Katja', 'Liam',
        'Maya', 'Noah', 'Olivia', 'Paul', 'Quinn', 'Rosa', 'Samuel', 'Tara', 'Umar', 'Vera', 'William', 'Yuki', 'Zoe',
        'Amir', 'Bianca', 'Chen', 'Dara', 'Emil'],
  array['Schmidt', 'Johnson', 'Garcia', 'Müller', 'Rossi', 'Dubois', 'Kowalski', 'Andersson', 'Tanaka', 'Silva',
        'Novak', 'Jansen', 'O''Brien', 'Fischer', 'Martin', 'Lopez', 'Nielsen', 'Weber', 'Costa', 'Khan'],
  array['DE', 'DE', 'DE', 'US', 'US', 'GB', 'GB', 'FR', 'FR', 'NL', 'ES', 'IT', 'AT', 'CH', 'SE', 'PL', 'DK',
        'BE', 'IE', 'PT', 'CA', 'AU', 'JP', 'BR'],
  array['example.com', 'example.org', 'example.net', 'mail.test']
);

insert into public.customers (id, full_name, email, phone, country, is_blocked, notes, created_at)
select md5('opsdesk-customer-' || c.n)::uuid,
       c.first_name || ' ' || c.last_name,
       lower(translate(c.first_name || '.' || c.last_name, 'üÜ''', 'uU')) || c.n || '@' || c.domain,
       case when c.r_phone < 0.15 then null
            else '+' || (10 + floor(random() * 89)::int) || ' ' || (100 + floor(random() * 899)::int) || ' '
                 || lpad(floor(random() * 10000000)::text, 7, '0') end,
       c.country,
       -- blocked below, after their orders (a blocked customer can place none)
       false,
       case when c.r_blocked < 0.03 then 'Blocked after repeated chargebacks.'
            when c.r_notes < 0.1 then 'Prefers delivery in the afternoon.'
            when c.r_notes < 0.15 then 'Wholesale customer: invoice monthly.' end,
       now() - interval '420 days' + c.n * interval '1 day'
from (
  select n, random() as r_phone, random() as r_blocked, random() as r_notes,
         -- Every name once (30 first × 10 of the 20 last names): the only look-alikes
         -- are the duplicates seeded below, so "Possible duplicates" shows them.
         s.first_names[1 + (n - 1) % cardinality(s.first_names)] as first_name,
         s.last_names[1 + ((n - 1) / cardinality(s.first_names) + (n - 1)) % cardinality(s.last_names)] as last_name,
         s.countries[1 + floor(random() * cardinality(s.countries))::int] as country,
         s.domains[1 + floor(random() * cardinality(s.domains))::int] as domain
  from generate_series(1, 300) n cross join seed_name s
) c
order by c.n;

-- Customers entered twice (docs/product.md §11 "Possible duplicates"): a typo, swapped names
-- without accents, another provider with the address in capitals.
insert into public.customers (id, full_name, email, country, created_at)
select md5('opsdesk-duplicate-' || d.n)::uuid, d.full_name, d.email, d.country, now() - d.age * interval '1 day'
from (values
  (1, 'Amir Haddad', 'amir.haddad@example.com', 'DE', 300),
  (2, 'Amir Hadad', 'amir.hadad@example.com', 'DE', 40),
  (3, 'Jürgen Müller', 'juergen.mueller@example.de', 'AT', 250),
  (4, 'Muller Jurgen', 'jurgen.muller@example.de', 'AT', 30),
  (5, 'Sofia Rossi', 'sofia.rossi@example.it', 'IT', 200),
  (6, 'Sofia Rosi', 'SOFIA.ROSSI@mail.test', 'IT', 20)
) as d(n, full_name, email, country, age);

-- Orders: numbered in time order over the last 90 days (about 11 a day), each
-- with the status it will end in: recent orders are still open, old ones mostly
-- delivered.
create temporary table seed_order (n int, customer_id uuid, placed_at timestamptz, item_count int, target text);
insert into seed_order
select o.n, o.customer_id, o.placed_at, o.item_count,
       case
         when o.age < interval '2 days' then
           case when o.r < 0.5 then 'pending' when o.r < 0.8 then 'paid' when o.r < 0.9 then 'shipped' else 'cancelled' end
         when o.age < interval '7 days' then
           case when o.r < 0.1 then 'pending' when o.r < 0.3 then 'paid' when o.r < 0.7 then 'shipped'
                when o.r < 0.9 then 'delivered' else 'cancelled' end
         else
           case when o.r < 0.02 then 'pending' when o.r < 0.05 then 'shipped' when o.r < 0.8 then 'delivered'
                when o.r < 0.9 then 'refunded' else 'cancelled' end
       end
from (
  select n, customer_id, placed_at, now() - placed_at as age, item_count, r
  from (
    select n,
           c.ids[1 + floor(random() * cardinality(c.ids))::int] as customer_id,
           now() - interval '90 days' * (1 - n / 1000.0) - random() * interval '90 minutes' as placed_at,
           1 + floor(random() * 5)::int as item_count,
           random() as r
    from generate_series(1, 1000) n
    cross join (select array_agg(id order by created_at) as ids from public.customers) c
  ) x
) o;

insert into public.orders (id, customer_id, placed_at, notes, created_at)
select o.n, o.customer_id, o.placed_at,
       case when random() < 0.08 then 'Gift wrap, please.' end,
       o.placed_at
from seed_order o
order by o.n;

-- The lines, first as a table of their own: the shelves held what these orders take before
-- the 90 days began (docs/product.md §4: paying takes units out of stock, a line asks for at
-- most what is in stock), so each product's stock is raised by its units sold, as it stood
-- then; without the triggers, as the product's first state (no audit entry, no new version).
create temporary table seed_item as
select o.n as order_id,
       a.ids[1 + floor(random() * cardinality(a.ids))::int] as product_id,
       case when random() < 0.7 then 1 else 2 + floor(random() * 3)::int end as quantity,
       i
from seed_order o
cross join lateral generate_series(1, o.item_count) i
cross join (select array_agg(p.id order by p.id) as ids from public.products p where p.status = 'active') a
order by o.n, i;

alter table public.products disable trigger user;
update public.products p set stock = p.stock + s.units
from (select product_id, sum(quantity) as units from seed_item group by product_id) s
where p.id = s.product_id;
alter table public.products enable trigger user;

-- All items in one statement: the totals trigger runs once for all orders.
insert into public.order_items (order_id, product_id, quantity)
select order_id, product_id, quantity from seed_item order by order_id, i;

-- Walk each order forward to its target status, stamping back-dated times.
update public.orders o
set status = 'paid', paid_at = least(now(), o.placed_at + random() * interval '6 hours')
from seed_order s
where s.n = o.id and s.target in ('paid', 'shipped', 'delivered', 'refunded');

update public.orders o
set status = 'cancelled'
from seed_order s
where s.n = o.id and s.target = 'cancelled';

update public.orders o
set status = 'shipped', shipped_at = least(now(), o.paid_at + interval '1 day' + random() * interval '2 days')
from seed_order s
where s.n = o.id and (s.target in ('shipped', 'delivered') or (s.target = 'refunded' and o.id % 2 = 0));

update public.orders o
set status = 'delivered', delivered_at = least(now(), o.shipped_at + interval '1 day' + random() * interval '4 days')
from seed_order s
where s.n = o.id and (s.target = 'delivered' or (s.target = 'refunded' and o.id % 4 = 0));

update public.orders o
set status = 'refunded'
from seed_order s
where s.n = o.id and s.target = 'refunded';

-- Customers blocked after repeated chargebacks: their orders stay as they are.
update public.customers set is_blocked = true where notes = 'Blocked after repeated chargebacks.';

-- Explicit ids were given above: move the identity sequences past them.
select setval(pg_get_serial_sequence('public.categories', 'id'), (select max(id) from public.categories));
select setval(pg_get_serial_sequence('public.products', 'id'), (select max(id) from public.products));
select setval(pg_get_serial_sequence('public.orders', 'id'), (select max(id) from public.orders));

-- Plain temporary tables (not ON COMMIT DROP): the CLI may run a seed outside one
-- transaction, so they are dropped explicitly.
drop table demo_account, seed_category, seed_name, seed_order, seed_item;

-- Vault secrets the embedding job reads (supabase/migrations/*_embeddings.sql): the
-- API as seen from the database (the CLI's in-network address, which the local
-- stack's pg_net maps to itself) and the local stack's well-known service key. A
-- hosted project sets its own once (docs/vectors.md).
select vault.create_secret('http://api.supabase.internal:8000', 'project_url');
select vault.create_secret(
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU',
  'service_role_key'
);
