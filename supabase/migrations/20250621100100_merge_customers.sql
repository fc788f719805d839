-- Merging duplicate customers (docs/product.md §11): the kept customer takes over the
-- duplicate's orders and the duplicate is deleted, in one transaction, as the
-- caller (RLS and the audit log see them: each moved order and the deleted customer
-- are audit rows). Both must still be at the versions the operator was shown.
--
--   merge_customers(keep_id, keep_version, duplicate_id, duplicate_version)
--     → {kept, removed, moved_orders}
--   42501  You don't have permission to do that.   (needs customers edit and delete)
--   PT409  Someone else changed one of these customers. Reload to see their changes.
--   P0001  A customer cannot be merged with itself. / That customer no longer exists.
create function public.merge_customers(keep_id uuid, keep_version int, duplicate_id uuid, duplicate_version int)
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
  update public.orders set customer_id = keep_id where customer_id = duplicate_id;
  get diagnostics moved = row_count;
  delete from public.customers where id = duplicate_id;
  return jsonb_build_object('kept', keep_id, 'removed', duplicate_id, 'moved_orders', moved);
end
$$;
revoke all on function public.merge_customers(uuid, int, uuid, int) from public, anon;
grant execute on function public.merge_customers(uuid, int, uuid, int) to authenticated, service_role;
