-- Products sorted by category name (issue 18): 397 ms on 1M products, because
-- order=categories(name) joins every visible product to its category and sorts them all;
-- no index orders products by a column of another table. The name now lives on the
-- product as well, in `category_name`, indexed, so the sort is an index walk:
--   GET /rest/v1/products?order=category_name.asc,id.asc
--
-- The database keeps it right, whoever writes:
--   · every insert or update of a product takes the name of its category_id (a value a
--     client sends for category_name is overwritten);
--   · renaming a category relabels its products. That update leaves the products'
--     version and updated_at alone and writes no audit entries (the rename itself is
--     audited on the category): it is a label, not an edit of the product. It does
--     rewrite every product of the category, which on 1M products (60 000 a category)
--     takes seconds and sends each as a realtime change.
alter table public.products add column category_name text;

create function app.products_category_name() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.category_name := (select c.name from public.categories c where c.id = new.category_id);
  -- Relabelled by a category rename (below), not edited: keep when it was last edited.
  if tg_op = 'UPDATE' and pg_trigger_depth() > 1 and new.category_id is not distinct from old.category_id then
    new.updated_at := old.updated_at;
  end if;
  return new;
end
$$;

-- Security definer: an operator who may rename categories relabels products whatever
-- their own rights on products (the label follows the category, as a join would).
create function app.categories_relabel_products() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.products p set category_name = new.name where p.category_id = new.id;
  return null;
end
$$;

-- Runs after b90_updated_at, so it has the last word on updated_at.
create trigger b95_category_name before insert or update on public.products
  for each row execute function app.products_category_name();
create trigger a20_relabel_products after update of name on public.categories
  for each row when (old.name is distinct from new.name)
  execute function app.categories_relabel_products();

-- The backfill is no edit either: no versions, timestamps or audit entries.
alter table public.products disable trigger user;
update public.products p set category_name = c.name from public.categories c where c.id = p.category_id;
alter table public.products enable trigger user;

create index products_category_name_id_idx on public.products (category_name, id);

-- The audit trail leaves out derived columns as it leaves out the search vector, and
-- records no entry for a row whose audited columns did not change (a relabelled product).
-- As 20250601100100_triggers.sql otherwise.
create or replace function app.audit_rows() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  record_key text := (
    select string_agg(format('t.%I::text', k), ' || '':'' || ' order by n) from unnest(tg_argv) with ordinality as a(k, n)
  );
  paired boolean;
begin
  if tg_op = 'UPDATE' then
    execute format(
      'with o as (select jsonb_object_agg(%1$s, to_jsonb(t) - ''search'' - ''category_name'') as by_key from old_rows t),
            n as (select %1$s as k, to_jsonb(t) - ''search'' - ''category_name'' as r from new_rows t),
            paired as (select n.k, o.by_key -> n.k as old_r, n.r as new_r from n, o where o.by_key ? n.k),
            logged as (
              insert into public.audit_log (actor_id, actor_email, table_name, record_id, action, old, new, changed)
              select $1, $2, $3, p.k, ''UPDATE'', p.old_r, p.new_r,
                     array(select e.key from jsonb_each(p.new_r) e where e.value is distinct from p.old_r -> e.key order by e.key)
              from paired p
              where p.old_r is distinct from p.new_r
              order by p.k
              returning 1)
       select (select count(*) from paired) = (select count(*) from n)', record_key)
    into paired
    using auth.uid(), auth.jwt() ->> 'email', tg_table_name;
    if not paired then
      raise exception 'Record keys cannot be changed.' using errcode = 'P0001';
    end if;
  else
    execute format(
      'insert into public.audit_log (actor_id, actor_email, table_name, record_id, action, old, new)
       select $1, $2, $3, %s, $4, case when $4 = ''DELETE'' then r end, case when $4 = ''INSERT'' then r end
       from (select t, to_jsonb(t) - ''search'' - ''category_name'' as r from %I t) changed_rows',
      replace(record_key, 't.', '(changed_rows.t).'), case tg_op when 'INSERT' then 'new_rows' else 'old_rows' end)
    using auth.uid(), auth.jwt() ->> 'email', tg_table_name, tg_op;
  end if;
  return null;
end
$$;

revoke all on function app.products_category_name(), app.categories_relabel_products()
  from public, anon, authenticated, service_role;
