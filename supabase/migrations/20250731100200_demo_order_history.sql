-- An order's History shows its items' entries beside its own (20250704100000_audit_history_of.sql,
-- src/features/history/historyFilters.ts), now from opsdesk.audit_log, where the store's trail
-- moved (20250731100000_demo_opsdesk_switch.sql). opsdesk.history() answers one record's
-- entries; the store's addition on top of Opsdesk's table is the same generated column as
-- before: the order whose History shows an entry, for the order's own entries and its items'.
-- Text `=` is LEAKPROOF, so under the audit log's RLS the partial index with the time serves
-- the History's newest-first pages (`->>` on the rows is not, and would read the whole log).
alter table opsdesk.audit_log add column history_of text generated always as (
  case when schema_name = 'public' then
    case table_name
      when 'orders' then record_id
      when 'order_items' then coalesce(new ->> 'order_id', old ->> 'order_id')
    end
  end
) stored;

comment on column opsdesk.audit_log.history_of is
  'The demo store: the order whose History shows this entry with its items'' entries.';

create index audit_log_history_of_idx on opsdesk.audit_log (history_of, at) where history_of is not null;
