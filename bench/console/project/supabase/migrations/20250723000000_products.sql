-- A shop's products table as a project writes it: identity key, a unique SKU, an enum, CHECK
-- rules, RLS on with an explicit grant (2026 projects expose nothing by default). The bench fills
-- it (1 000 000 rows by default) after the migrations; its columns differ from the demo store's
-- products (no category_id), so the demo's code definition is not merged over the generated one.
create type public.product_status as enum ('draft', 'active', 'archived');

create table public.products (
  id bigint generated always as identity primary key,
  sku text not null unique check (sku ~ '^[A-Z0-9-]{3,32}$'),
  name text not null check (char_length(name) between 1 and 120),
  status public.product_status not null default 'active',
  price_cents integer not null check (price_cents >= 0),
  stock integer not null default 0 check (stock >= 0),
  created_at timestamptz not null default now()
);
comment on table public.products is 'What the shop sells.';

alter table public.products enable row level security;
grant select, insert, update, delete on public.products to authenticated;

-- The list's default order (newest first, docs/any-project.md) served by an index, as a
-- project with a large table has it.
create index products_created_at on public.products (created_at desc);
