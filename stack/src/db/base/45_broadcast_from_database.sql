-- Broadcast from the database, as hosted Supabase provides it: realtime.send (JSON),
-- realtime.send_binary (bytes) and realtime.broadcast_changes (a trigger's row change)
-- insert a row into realtime.messages; Realtime streams those inserts from the
-- publication `supabase_realtime_messages_publication` and sends each as a broadcast
-- to its topic (private or public) with `meta.id`. Private topics reach only channels
-- whose join the RLS policies on realtime.messages allowed.
--
-- The table takes the platform's shape (uuid ids, a binary payload beside the JSON
-- one). Hosted partitions it by day and drops partitions after 72 hours; the stack
-- keeps one table and deletes messages of that age itself (realtime/messages.ts).

alter table realtime.messages alter column id drop default;
alter table realtime.messages alter column id type uuid using gen_random_uuid();
alter table realtime.messages alter column id set default gen_random_uuid();
drop sequence if exists realtime.messages_id_seq;
alter table realtime.messages drop constraint messages_pkey;
alter table realtime.messages add constraint messages_pkey primary key (id, inserted_at);
alter table realtime.messages add column binary_payload bytea;
alter table realtime.messages
  add constraint messages_payload_exclusive check (payload is null or binary_payload is null);
create index messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;

-- Sends `payload` as `event` on `topic`. The payload gets the message id as `id`
-- unless it has one. The insert runs with the caller's rights (RLS applies to it;
-- triggers use security definer functions), and a failure is only a warning: a
-- broadcast never aborts the transaction that sends it.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
declare
  message_id uuid := gen_random_uuid();
begin
  begin
    -- realtime.topic() during the insert, for the policies that check it.
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (
      message_id,
      case when payload ? 'id' then payload else jsonb_set(payload, '{id}', to_jsonb(message_id)) end,
      event, topic, private, 'broadcast'
    );
  exception when others then
    raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;

create or replace function realtime.send_binary(payload bytea, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
begin
  begin
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, binary_payload, event, topic, private, extension)
    values (gen_random_uuid(), payload, event, topic, private, 'broadcast');
  exception when others then
    raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;

-- Called from a row trigger with TG_OP, TG_TABLE_NAME, TG_TABLE_SCHEMA, NEW and OLD:
-- broadcasts {operation, table, schema, record, old_record} on the private topic.
create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
)
returns void
language plpgsql
as $$
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation not in ('INSERT', 'UPDATE', 'DELETE') then
    raise exception 'Unexpected operation type: %', operation;
  end if;
  perform realtime.send(
    jsonb_build_object(
      'old_record', old, 'record', new, 'operation', operation, 'table', table_name, 'schema', table_schema
    ),
    event_name,
    topic_name
  );
exception when others then
  raise exception 'Failed to process the row: %', sqlerrm;
end
$$;

alter function realtime.send(jsonb, text, text, boolean) owner to supabase_realtime_admin;
alter function realtime.send_binary(bytea, text, text, boolean) owner to supabase_realtime_admin;
alter function realtime.broadcast_changes(text, text, text, text, text, record, record, text) owner to supabase_realtime_admin;
grant all on function realtime.send(jsonb, text, text, boolean) to postgres, dashboard_user;
grant all on function realtime.send_binary(bytea, text, text, boolean) to postgres, dashboard_user;
grant all on function realtime.broadcast_changes(text, text, text, text, text, record, record, text)
  to postgres, dashboard_user;

create publication supabase_realtime_messages_publication for table realtime.messages;
