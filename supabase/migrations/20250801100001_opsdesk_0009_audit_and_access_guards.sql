-- Opsdesk install 0009 (opsdesk_audit_and_access_guards), written by `npm run opsdesk -- init`.
-- Do not edit: a later init adds upgrades as new files. See Opsdesk's docs/any-project.md.

-- Opsdesk upgrade 0009: two rules the demo store kept in its own tables before it moved onto
-- Opsdesk (docs/any-project.md, "The demo store"), which every project's operators rely on too.
--
-- * The audit log is written by the audit triggers only ("What lives in opsdesk"), yet the
--   install granted the service role every privilege on every table of the schema, so a
--   service-role key (an edge function, a leaked server key) could insert entries naming any
--   actor. The triggers write as the tables' owner; the service role now only reads the log.
--   (Changing or deleting entries was already refused by the append-only trigger.)
-- * An operator who confirmed an authenticator app holds nothing in a password-only (aal1)
--   session (opsdesk.can, opsdesk.mfa_ok). Their private channel `opsdesk:access:<user id>`
--   told such a session of every change to their operator row and role all the same; now
--   joining it needs the same MFA rule as everything else.
-- * The last active admin under concurrency: operators_rules (0001) checks "another active
--   admin remains" per row, so two admins deactivating each other at once each saw the other
--   still active and both committed, leaving none (the demo's tests, A4 in
--   supabase/tests/opsdesk-account-security.test.ts). Every statement that updates or deletes
--   operator rows now first takes one transaction-level advisory lock (keyed by the table's
--   oid), before it touches any row, so such statements run one after another and the rule's
--   check (a fresh snapshot per query) sees what the first one committed. Operator changes
--   are rare; waiting is cheap.

revoke insert, update, delete, truncate on opsdesk.audit_log from service_role;

create or replace function opsdesk.may_join(topic text) returns boolean
language sql stable security definer set search_path = '' as $$
  select case
    when topic = 'opsdesk:access:' || auth.uid()::text then opsdesk.mfa_ok()
    when topic = 'opsdesk:schema' then opsdesk.is_operator()
    when topic like 'opsdesk:table:%' then
      coalesce((select opsdesk.can(t[1], t[2], 'list') or opsdesk.can(t[1], t[2], 'show')
                from (select opsdesk.channel_table(topic, 'table') t) x), false)
    when topic like 'opsdesk:record:%' then
      coalesce((select opsdesk.can(t[1], t[2], 'show') from (select opsdesk.channel_table(topic, 'record') t) x), false)
    else false
  end
$$;

create function opsdesk.operators_serialise_changes() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform pg_advisory_xact_lock('opsdesk.operators'::regclass::oid::bigint);
  return null;
end
$$;
revoke all on function opsdesk.operators_serialise_changes() from public, anon, authenticated, service_role;

create trigger b00_serialise_changes before update or delete on opsdesk.operators
  for each statement execute function opsdesk.operators_serialise_changes();

insert into opsdesk.installed (version, name) values ('0009', 'opsdesk_audit_and_access_guards');
