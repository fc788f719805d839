-- Revoked sessions in the change stream, in their transaction's order: realtime shuts a
-- channel joined with a deleted session's tokens only after it has delivered what the
-- same transaction broadcast (realtime.messages inserts, postgres_changes). Deactivating
-- an operator deletes their sessions and broadcasts the change of their staff row in one
-- transaction; the notification of base 44 arrives at commit, before the replication
-- stream has carried that broadcast, so the console saw its channel shut first and never
-- heard why (docs/security.md "Signed-out tokens"). Only deletions are published, so a
-- refresh (an update of the row) costs the stream nothing.
create publication stack_session_revocations for table auth.sessions with (publish = 'delete');

-- A slot the stack made before this file would replay changes older than the publication,
-- and PostgreSQL 17 refuses to decode those with it ("publication does not exist"): the
-- stream would never start again. The stack's slot of this database is dropped once here
-- (what it held from before this start is lost, once); the first channel makes it again.
select pg_drop_replication_slot(slot_name)
from pg_replication_slots
where database = current_database() and slot_name like 'opsdesk\_realtime\_%' and not active;
