-- Storage (docs/product.md §3, §9): product images (public read, PNG/JPEG/WebP ≤ 5 MB) and
-- order documents (private, PDF ≤ 10 MB). Policies on storage.objects ask the same
-- app.can() as the tables: an image belongs to products, a document to orders.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('product-images', 'product-images', true, 5242880, array['image/png', 'image/jpeg', 'image/webp']),
  ('order-documents', 'order-documents', false, 10485760, array['application/pdf'])
on conflict (id) do update
set public = excluded.public,
    file_size_limit = excluded.file_size_limit,
    allowed_mime_types = excluded.allowed_mime_types;

create policy "product-images: read" on storage.objects for select to authenticated
  using (bucket_id = 'product-images' and ((select app.can('products', 'list')) or (select app.can('products', 'show'))));
create policy "product-images: upload" on storage.objects for insert to authenticated
  with check (bucket_id = 'product-images' and ((select app.can('products', 'create')) or (select app.can('products', 'edit'))));
create policy "product-images: replace" on storage.objects for update to authenticated
  using (bucket_id = 'product-images' and (select app.can('products', 'edit')))
  with check (bucket_id = 'product-images' and (select app.can('products', 'edit')));
create policy "product-images: remove" on storage.objects for delete to authenticated
  using (bucket_id = 'product-images' and (select app.can('products', 'edit')));

create policy "order-documents: read" on storage.objects for select to authenticated
  using (bucket_id = 'order-documents' and (select app.can('orders', 'show')));
create policy "order-documents: upload" on storage.objects for insert to authenticated
  with check (bucket_id = 'order-documents' and ((select app.can('orders', 'create')) or (select app.can('orders', 'edit'))));
create policy "order-documents: replace" on storage.objects for update to authenticated
  using (bucket_id = 'order-documents' and (select app.can('orders', 'edit')))
  with check (bucket_id = 'order-documents' and (select app.can('orders', 'edit')));
create policy "order-documents: remove" on storage.objects for delete to authenticated
  using (bucket_id = 'order-documents' and (select app.can('orders', 'edit')));
