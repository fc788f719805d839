-- An order's History shows its items' entries beside its own (src/views/history/
-- historyFilters.ts). It found them by `new->>'order_id'` or `old->>'order_id'`: `->>` is not
-- LEAKPROOF, so under the audit log's RLS no index could serve the filter, and on 800 000
-- entries an order's History read the whole log (4.3 s). Its `record_id` also matched the
-- entries of an order item whose own id happened to be the order's.
--
-- `history_of` names the record whose History shows an entry with its rows': the order for
-- its own entries and for its items' (ResourceDefinition.historyIncludes declares the same
-- pairs; src/views/history/historyFilters.stack.test.ts holds the two together). Text `=` is LEAKPROOF,
-- and the index with the time serves the History's newest-first pages.
alter table public.audit_log add column history_of text generated always as (
  case table_name
    when 'orders' then record_id
    when 'order_items' then coalesce(new ->> 'order_id', old ->> 'order_id')
  end
) stored;

comment on column public.audit_log.history_of is
  'The record whose History shows this entry with its rows'' entries: an order, for its own and its items''.';

create index audit_log_history_of_idx on public.audit_log (history_of, at) where history_of is not null;
