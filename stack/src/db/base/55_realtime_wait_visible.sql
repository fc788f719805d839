-- Waits (up to about a second) until the given transactions are visible to new snapshots.
-- Logical decoding can hand a commit over a moment before the committing backend leaves
-- the proc array; until then a new snapshot still reads the state before it. The realtime
-- service calls this before it broadcasts what those transactions wrote to
-- realtime.messages, so a client that reads on a message's arrival (the console's access
-- watch asks my_permissions) reads what the message announced. `xids` are 32-bit
-- transaction ids as logical decoding reports them; their epoch is taken from the snapshot.
create function realtime.stack_wait_visible(xids bigint[])
returns void
language plpgsql
as $$
begin
  for attempt in 1 .. 1000 loop
    exit when not exists (
      select 1
      from pg_current_snapshot() snap,
           lateral (select pg_snapshot_xmax(snap)::text::bigint as xmax) m,
           lateral unnest(xids) x,
           lateral (select ((m.xmax >> 32) << 32) | x as full_xid) f
      where not pg_visible_in_snapshot(
        (case when f.full_xid > m.xmax then f.full_xid - 4294967296 else f.full_xid end)::text::xid8, snap)
    );
    perform pg_sleep(0.001);
  end loop;
end
$$;
revoke all on function realtime.stack_wait_visible(bigint[]) from public;
