-- The demo store installs Opsdesk as any project does (docs/any-project.md, "The demo store"):
-- the migrations before this one from 20250730100000 on are `npm run opsdesk -- init` output, byte for byte
-- (every install/sql file; `init` on this folder answers "Opsdesk is up to date").
--
-- This is the first step of the move, not the switch. The store's operators, their matrix,
-- its audit trail, saved views, list columns, preferences and presence still live in `public`
-- and `app` (public.staff, public.permissions, app.can, public.audit_log, …), and the console
-- still runs the demo from those (`opsdesk` is not yet in [api] schemas, so the console finds no
-- Opsdesk here and keeps its compiled definitions). Until the data moves, Opsdesk must not guard
-- or audit the store's tables beside the store's own code: its operator policies would ask a
-- matrix nobody is in, and every write would be logged twice (public.audit_log and
-- opsdesk.audit_log) and broadcast on topics nobody joins. So the tables the install managed
-- are handed back here, which also takes back every privilege it granted (on public.audit_log:
-- insert, update and delete, which the store never grants); the store's tables, policies,
-- grants and triggers are exactly as before the install. The migration that moves the data
-- (staff → opsdesk.operators, permissions → opsdesk.permissions, …) manages them again.
do $$
declare
  t record;
begin
  for t in select m.schema_name, m.table_name from opsdesk.managed_tables m order by 1, 2 loop
    perform opsdesk.unmanage_table(t.schema_name, t.table_name);
  end loop;
end
$$;
