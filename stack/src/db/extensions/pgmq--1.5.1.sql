-- pgmq 1.5's SQL API, written for the local stack: each queue is a table pgmq.q_<name>
-- and its archive pgmq.a_<name>, listed in pgmq.meta; messages are read with
-- FOR UPDATE SKIP LOCKED and hidden for their visibility timeout, as pgmq does.
-- Unlogged and partitioned queues are created as plain queues.

create table meta (
  queue_name varchar unique not null,
  is_partitioned boolean not null,
  is_unlogged boolean not null,
  created_at timestamptz not null default now()
);

create type message_record as (
  msg_id bigint,
  read_ct integer,
  enqueued_at timestamptz,
  vt timestamptz,
  message jsonb,
  headers jsonb
);

create type queue_record as (
  queue_name varchar,
  is_partitioned boolean,
  is_unlogged boolean,
  created_at timestamptz
);

create type metrics_result as (
  queue_name text,
  queue_length bigint,
  newest_msg_age_sec integer,
  oldest_msg_age_sec integer,
  total_messages bigint,
  scrape_time timestamptz,
  queue_visible_length bigint
);

-- The queue's table name: names are lower-cased, and only letters, digits and _ pass.
create function format_table_name(queue_name text, prefix text) returns text language plpgsql immutable as $$
begin
  if queue_name !~ '^[A-Za-z0-9_]+$' then
    raise exception using errcode = 'invalid_parameter_value',
      message = format('queue name contains invalid characters: %L', queue_name),
      hint = 'use letters, digits and underscores';
  end if;
  if length(queue_name) > 47 then
    raise exception using errcode = 'invalid_parameter_value',
      message = format('queue name is too long, maximum length is 47 characters: %L', queue_name);
  end if;
  return lower(prefix || '_' || queue_name);
end
$$;

create function _queue(queue_name text) returns text language plpgsql stable as $$
begin
  if not exists (select from pgmq.meta m where m.queue_name = lower($1)) then
    raise exception using errcode = 'undefined_table', message = format('queue %L does not exist', queue_name);
  end if;
  return pgmq.format_table_name(queue_name, 'q');
end
$$;

create function "create"(queue_name text) returns void language plpgsql as $$
#variable_conflict use_column
declare
  q text := pgmq.format_table_name(queue_name, 'q');
  a text := pgmq.format_table_name(queue_name, 'a');
begin
  execute format('create table if not exists pgmq.%I (
    msg_id bigint primary key generated always as identity,
    read_ct int default 0 not null,
    enqueued_at timestamptz default now() not null,
    vt timestamptz not null,
    message jsonb,
    headers jsonb)', q);
  execute format('create table if not exists pgmq.%I (
    msg_id bigint primary key,
    read_ct int default 0 not null,
    enqueued_at timestamptz default now() not null,
    archived_at timestamptz default now() not null,
    vt timestamptz not null,
    message jsonb,
    headers jsonb)', a);
  execute format('create index if not exists %I on pgmq.%I (vt asc)', q || '_vt_idx', q);
  execute format('create index if not exists %I on pgmq.%I (archived_at)', 'archived_at_idx_' || a, a);
  insert into pgmq.meta (queue_name, is_partitioned, is_unlogged)
  values (lower($1), false, false)
  on conflict (queue_name) do nothing;
end
$$;

create function create_non_partitioned(queue_name text) returns void language sql as $$
  select pgmq.create(queue_name)
$$;
create function create_unlogged(queue_name text) returns void language sql as $$
  select pgmq.create(queue_name)
$$;
create function create_partitioned(
  queue_name text, partition_interval text default '10000', retention_interval text default '100000'
) returns void language sql as $$
  select pgmq.create(queue_name)
$$;

create function send(queue_name text, msg jsonb, headers jsonb, delay timestamptz) returns setof bigint
language plpgsql as $$
begin
  return query execute format(
    'insert into pgmq.%I (vt, message, headers) values ($1, $2, $3) returning msg_id', pgmq._queue(queue_name))
    using delay, msg, headers;
end
$$;
create function send(queue_name text, msg jsonb, headers jsonb, delay integer default 0) returns setof bigint
language sql as $$
  select pgmq.send(queue_name, msg, headers, clock_timestamp() + make_interval(secs => delay))
$$;
create function send(queue_name text, msg jsonb, delay integer default 0) returns setof bigint
language sql as $$
  select pgmq.send(queue_name, msg, null::jsonb, clock_timestamp() + make_interval(secs => delay))
$$;
create function send(queue_name text, msg jsonb, delay timestamptz) returns setof bigint
language sql as $$
  select pgmq.send(queue_name, msg, null::jsonb, delay)
$$;

create function send_batch(queue_name text, msgs jsonb[], headers jsonb[], delay timestamptz) returns setof bigint
language plpgsql as $$
begin
  return query execute format(
    'insert into pgmq.%I (vt, message, headers)
     select $1, m, h from unnest($2::jsonb[], coalesce($3::jsonb[], ''{}'')) as u(m, h) where m is not null
     returning msg_id', pgmq._queue(queue_name))
    using delay, msgs, headers;
end
$$;
create function send_batch(queue_name text, msgs jsonb[], headers jsonb[], delay integer default 0)
returns setof bigint language sql as $$
  select pgmq.send_batch(queue_name, msgs, headers, clock_timestamp() + make_interval(secs => delay))
$$;
create function send_batch(queue_name text, msgs jsonb[], delay integer default 0) returns setof bigint
language sql as $$
  select pgmq.send_batch(queue_name, msgs, null::jsonb[], clock_timestamp() + make_interval(secs => delay))
$$;
create function send_batch(queue_name text, msgs jsonb[], delay timestamptz) returns setof bigint
language sql as $$
  select pgmq.send_batch(queue_name, msgs, null::jsonb[], delay)
$$;

create function read(queue_name text, vt integer, qty integer, conditional jsonb default '{}')
returns setof message_record language plpgsql as $$
begin
  return query execute format(
    'with cte as (
       select msg_id from pgmq.%1$I
       where vt <= clock_timestamp() and case when $3 <> ''{}''::jsonb then message @> $3 else true end
       order by msg_id asc limit $1 for update skip locked)
     update pgmq.%1$I m set vt = clock_timestamp() + make_interval(secs => $2), read_ct = read_ct + 1
     from cte where m.msg_id = cte.msg_id
     returning m.msg_id, m.read_ct, m.enqueued_at, m.vt, m.message, m.headers', pgmq._queue(queue_name))
    using qty, vt, coalesce(conditional, '{}');
end
$$;

create function read_with_poll(
  queue_name text, vt integer, qty integer, max_poll_seconds integer default 5,
  poll_interval_ms integer default 100, conditional jsonb default '{}'
) returns setof message_record language plpgsql as $$
declare
  stop_at timestamptz := clock_timestamp() + make_interval(secs => max_poll_seconds);
  found boolean;
  r pgmq.message_record;
begin
  loop
    found := false;
    for r in select * from pgmq.read(queue_name, vt, qty, conditional) loop
      found := true;
      return next r;
    end loop;
    exit when found or clock_timestamp() >= stop_at;
    perform pg_sleep(poll_interval_ms / 1000.0);
  end loop;
end
$$;

create function pop(queue_name text) returns setof message_record language plpgsql as $$
begin
  return query execute format(
    'with cte as (
       select msg_id from pgmq.%1$I where vt <= clock_timestamp() order by msg_id asc limit 1 for update skip locked)
     delete from pgmq.%1$I m using cte where m.msg_id = cte.msg_id
     returning m.msg_id, m.read_ct, m.enqueued_at, m.vt, m.message, m.headers', pgmq._queue(queue_name));
end
$$;

create function "delete"(queue_name text, msg_ids bigint[]) returns setof bigint language plpgsql as $$
begin
  return query execute format('delete from pgmq.%I where msg_id = any($1) returning msg_id', pgmq._queue(queue_name))
    using msg_ids;
end
$$;
create function "delete"(queue_name text, msg_id bigint) returns boolean language sql as $$
  select exists (select from pgmq.delete(queue_name, array[msg_id]))
$$;

create function archive(queue_name text, msg_ids bigint[]) returns setof bigint language plpgsql as $$
begin
  return query execute format(
    'with archived as (delete from pgmq.%I where msg_id = any($1) returning msg_id, vt, read_ct, enqueued_at, message, headers)
     insert into pgmq.%I (msg_id, vt, read_ct, enqueued_at, message, headers)
     select msg_id, vt, read_ct, enqueued_at, message, headers from archived returning msg_id',
    pgmq._queue(queue_name), pgmq.format_table_name(queue_name, 'a'))
    using msg_ids;
end
$$;
create function archive(queue_name text, msg_id bigint) returns boolean language sql as $$
  select exists (select from pgmq.archive(queue_name, array[msg_id]))
$$;

create function set_vt(queue_name text, msg_id bigint, vt integer) returns setof message_record
language plpgsql as $$
begin
  return query execute format(
    'update pgmq.%I set vt = clock_timestamp() + make_interval(secs => $2) where msg_id = $1
     returning msg_id, read_ct, enqueued_at, vt, message, headers', pgmq._queue(queue_name))
    using msg_id, vt;
end
$$;

create function purge_queue(queue_name text) returns bigint language plpgsql as $$
declare
  deleted bigint;
begin
  execute format('with d as (delete from pgmq.%I returning 1) select count(*) from d', pgmq._queue(queue_name))
    into deleted;
  return deleted;
end
$$;

create function drop_queue(queue_name text) returns boolean language plpgsql as $$
begin
  if not exists (select from pgmq.meta m where m.queue_name = lower($1)) then
    raise notice 'pgmq: queue % does not exist', queue_name;
    return false;
  end if;
  execute format('drop table if exists pgmq.%I', pgmq.format_table_name(queue_name, 'q'));
  execute format('drop table if exists pgmq.%I', pgmq.format_table_name(queue_name, 'a'));
  delete from pgmq.meta m where m.queue_name = lower($1);
  return true;
end
$$;

create function metrics(queue_name text) returns metrics_result language plpgsql as $$
declare
  result pgmq.metrics_result;
begin
  execute format(
    'select $1, count(*), extract(epoch from now() - max(enqueued_at))::int,
            extract(epoch from now() - min(enqueued_at))::int,
            coalesce(pg_sequence_last_value(pg_get_serial_sequence(%2$L, ''msg_id'')::regclass), 0), now(),
            count(*) filter (where vt <= clock_timestamp())
     from pgmq.%1$I', pgmq._queue(queue_name), 'pgmq.' || pgmq._queue(queue_name))
    into result using queue_name;
  return result;
end
$$;

create function metrics_all() returns setof metrics_result language sql as $$
  select (pgmq.metrics(m.queue_name)).* from pgmq.meta m order by m.queue_name
$$;

create function list_queues() returns setof queue_record language sql stable as $$
  select queue_name, is_partitioned, is_unlogged, created_at from pgmq.meta order by created_at
$$;
