-- The last active admin under concurrency (issue 27 A4), now that operators are Opsdesk's
-- (20250731100000_demo_opsdesk_switch.sql dropped app.staff_serialise_changes with
-- public.staff): opsdesk.operators_rules (install 0001) checks "another active admin remains"
-- per row, so two admins deactivating each other at once each saw the other still active and
-- both committed, leaving none (supabase/tests/opsdesk-account-security.test.ts, A4). As
-- 20250710100100_last_admin_serialised.sql did for staff: every statement that updates or
-- deletes operator rows first takes one transaction-level advisory lock (keyed by the table's
-- oid), before it touches any row, so such statements run one after another and the rule's
-- check (a volatile plpgsql query, a fresh snapshot) sees what the first one committed. The
-- defect is Opsdesk's own (any project's last admin): the general fix belongs in the install
-- (a 0009 file); this is the demo's until then. Operator changes are rare; waiting is cheap.

create function app.operators_serialise_changes() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform pg_advisory_xact_lock('opsdesk.operators'::regclass::oid::bigint);
  return null;
end
$$;
revoke all on function app.operators_serialise_changes() from public, anon, authenticated, service_role;

create trigger b00_serialise_changes before update or delete on opsdesk.operators
  for each statement execute function app.operators_serialise_changes();
