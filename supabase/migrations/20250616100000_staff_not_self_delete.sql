-- Nobody removes their own staff row (that would lock them out as surely as
-- deactivating themselves, which app.staff_not_self already refuses). The console
-- deactivates staff instead of deleting them; this holds for any client.
--   P0001  You cannot remove your own staff account.
-- Deletions without a signed-in caller (service role, auth.users cascades) are not affected.
create function app.staff_not_self_delete() returns trigger
language plpgsql set search_path = '' as $$
begin
  if old.user_id = auth.uid() then
    raise exception 'You cannot remove your own staff account.' using errcode = 'P0001';
  end if;
  return old;
end
$$;

revoke all on function app.staff_not_self_delete() from public, anon, authenticated, service_role;

create trigger b21_not_self_delete before delete on public.staff
  for each row execute function app.staff_not_self_delete();
