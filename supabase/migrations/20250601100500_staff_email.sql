-- staff.email is a copy of the account's auth e-mail (docs/product.md §3): it follows an
-- e-mail change made through Auth. Security definer: Auth's own connection
-- changes auth.users, and the copy must be written whoever that is.
create function app.staff_follow_auth_email() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.staff s set email = new.email
  where s.user_id = new.id and s.email is distinct from new.email and new.email is not null;
  return null;
end
$$;
revoke all on function app.staff_follow_auth_email() from public, anon, authenticated, service_role;

create trigger opsdesk_staff_email after update of email on auth.users
  for each row execute function app.staff_follow_auth_email();
