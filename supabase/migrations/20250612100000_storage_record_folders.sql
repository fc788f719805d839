-- Files belong to records (issue 5): a product's images live under '<product id>/'
-- in `product-images`, an order's documents under '<order id>/' in `order-documents`.
-- Uploads and replacements must name a folder of a record the caller can see and
-- edit, so nothing lands outside a record. Removing needs edit or delete but not the
-- record itself: the console cleans a record's folder after the record is deleted.
-- Bucket limits (size, MIME types) stay as 20250601100400_storage.sql set them.

-- The id of the record folder an object sits in ('42/photo.png' → 42), null for
-- any other shape (no folder, nested folders, a folder that is not an id).
create function app.storage_record_id(object_name text) returns bigint
language sql immutable set search_path = '' as $$
  select case
    when object_name ~ '^[1-9][0-9]{0,17}/[^/]+$' then split_part(object_name, '/', 1)::bigint
  end
$$;

-- Whether the object's folder names a row of the table the caller can see (security
-- invoker: the table's own RLS decides what "can see" means).
create function app.storage_folder_is_product(object_name text) returns boolean
language sql stable set search_path = '' as $$
  select exists (select 1 from public.products p where p.id = app.storage_record_id(object_name))
$$;

create function app.storage_folder_is_order(object_name text) returns boolean
language sql stable set search_path = '' as $$
  select exists (select 1 from public.orders o where o.id = app.storage_record_id(object_name))
$$;

revoke all on function app.storage_record_id(text), app.storage_folder_is_product(text),
  app.storage_folder_is_order(text) from public;
grant execute on function app.storage_record_id(text), app.storage_folder_is_product(text),
  app.storage_folder_is_order(text) to authenticated, service_role;

drop policy "product-images: upload" on storage.objects;
drop policy "product-images: replace" on storage.objects;
drop policy "product-images: remove" on storage.objects;
drop policy "order-documents: upload" on storage.objects;
drop policy "order-documents: replace" on storage.objects;
drop policy "order-documents: remove" on storage.objects;

create policy "product-images: upload" on storage.objects for insert to authenticated
  with check (
    bucket_id = 'product-images' and (select app.can('products', 'edit')) and app.storage_folder_is_product(name)
  );
create policy "product-images: replace" on storage.objects for update to authenticated
  using (bucket_id = 'product-images' and (select app.can('products', 'edit')))
  with check (
    bucket_id = 'product-images' and (select app.can('products', 'edit')) and app.storage_folder_is_product(name)
  );
create policy "product-images: remove" on storage.objects for delete to authenticated
  using (
    bucket_id = 'product-images'
    and ((select app.can('products', 'edit')) or (select app.can('products', 'delete')))
  );

create policy "order-documents: upload" on storage.objects for insert to authenticated
  with check (
    bucket_id = 'order-documents' and (select app.can('orders', 'edit')) and app.storage_folder_is_order(name)
  );
create policy "order-documents: replace" on storage.objects for update to authenticated
  using (bucket_id = 'order-documents' and (select app.can('orders', 'edit')))
  with check (
    bucket_id = 'order-documents' and (select app.can('orders', 'edit')) and app.storage_folder_is_order(name)
  );
create policy "order-documents: remove" on storage.objects for delete to authenticated
  using (
    bucket_id = 'order-documents'
    and ((select app.can('orders', 'edit')) or (select app.can('orders', 'delete')))
  );
