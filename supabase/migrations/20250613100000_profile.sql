-- The profile page (docs/product.md §2 /profile): every active staff member renames themselves.
-- Staff rows are otherwise changed only by those who may edit `staff` (RLS), so this
-- is the one path to one's own row, and it changes nothing but `full_name`. Security
-- definer to pass the staff RLS; the check constraint still applies (23514, "Full name
-- must be 1–120 characters.") and the audit trigger names the caller (auth.uid()).
--   42501  You don't have permission to do that.   (anon, non-staff, inactive staff)
create function public.set_my_name(full_name text) returns text
language plpgsql security definer set search_path = '' as $$
declare
  saved text;
begin
  update public.staff s
  set full_name = coalesce(btrim(set_my_name.full_name), '')
  where s.user_id = auth.uid() and s.active
  returning s.full_name into saved;
  if not found then
    raise exception 'You don''t have permission to do that.' using errcode = '42501';
  end if;
  return saved;
end
$$;

revoke all on function public.set_my_name(text) from public, anon;
grant execute on function public.set_my_name(text) to authenticated, service_role;
