-- Presence on a record (docs/product.md §7: realtime presence on `record:<resource>:<id>`): the
-- console joins these as private channels, so only staff who may see the record learn
-- who else has it open, and only they can announce themselves there. During the check
-- realtime.topic() is the channel's topic.

-- `record:products:42` → `products`; NULL for any other topic (app.can(NULL, …) is false).
create function app.record_channel_resource(topic text) returns text
language sql immutable set search_path = '' as $$
  select case when topic ~ '^record:[a-z_][a-z0-9_]*:[^:]+$' then split_part(topic, ':', 2) end
$$;
revoke all on function app.record_channel_resource(text) from public;
grant execute on function app.record_channel_resource(text) to authenticated;

create policy "record channels: staff who may see the record listen" on realtime.messages
  for select to authenticated
  using (
    extension in ('presence', 'broadcast')
    and (select app.can(app.record_channel_resource(realtime.topic()), 'show'))
  );

create policy "record channels: staff who may see the record announce themselves" on realtime.messages
  for insert to authenticated
  with check (
    extension in ('presence', 'broadcast')
    and (select app.can(app.record_channel_resource(realtime.topic()), 'show'))
  );
