-- pg_net 0.20's SQL interface (supabase/pg_net), for the local stack: requests are
-- queued in net.http_request_queue exactly as the extension queues them; instead
-- of the C background worker, the stack's worker (stack/src/platform/net.ts) is
-- woken by NOTIFY, sends them and records net._http_response. Signatures, tables
-- and defaults are the extension's, so SQL written for hosted Supabase runs as is.
create schema if not exists net;

create domain net.http_method as text
  check (value ilike 'get' or value ilike 'post' or value ilike 'delete');

create unlogged table net.http_request_queue (
  id bigserial,
  method net.http_method not null,
  url text not null,
  headers jsonb,
  body bytea,
  timeout_milliseconds int not null
);

create unlogged table net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out bool,
  error_msg text,
  created timestamptz not null default now()
);
create index on net._http_response (created);

create type net.request_status as enum ('PENDING', 'SUCCESS', 'ERROR');
create type net.http_response as (status_code integer, headers jsonb, body text);
create type net.http_response_result as (status net.request_status, message text, response net.http_response);

-- The stack's worker listens on this channel, on the database's one LISTEN connection
-- (application_name opsdesk-stack-listen, db/listen.ts).
create function net.wake() returns void language sql as $$ select pg_notify('stack_pg_net', '') $$;

create function net.check_worker_is_up() returns void language plpgsql as $$
begin
  if not exists (select 1 from pg_stat_activity where application_name = 'opsdesk-stack-listen' and datname = current_database()) then
    raise exception using
      message = 'the pg_net background worker is not up',
      detail = 'the stack''s pg_net worker is not connected to this database',
      hint = 'is the stack running?';
  end if;
end
$$;

create function net.worker_restart() returns bool language sql as $$ select pg_notify('stack_pg_net', 'restart') is not null $$;

create function net.wait_until_running() returns void language plpgsql as $$
begin
  for i in 1..100 loop
    if exists (select 1 from pg_stat_activity where application_name = 'opsdesk-stack-listen' and datname = current_database()) then
      return;
    end if;
    perform pg_sleep(0.05);
  end loop;
  perform net.check_worker_is_up();
end
$$;

-- RFC 3986 percent-encoding of everything but the unreserved characters.
create function net._urlencode_string(string varchar) returns text
language sql immutable called on null input as $$
  select string_agg(
    case when ch ~ '^[A-Za-z0-9._~-]$' then ch
         else regexp_replace(upper(encode(convert_to(ch, 'UTF8'), 'hex')), '(..)', '%\1', 'g') end,
    '' order by n)
  from regexp_split_to_table(string, '') with ordinality as t(ch, n)
$$;

create function net._encode_url_with_params_array(url text, params_array text[]) returns text
language sql immutable called on null input as $$
  select case when coalesce(cardinality(params_array), 0) = 0 then url
              else url || case when strpos(url, '?') > 0 then '&' else '?' end || array_to_string(params_array, '&') end
$$;

create function net._params_array(params jsonb) returns text[] language sql immutable as $$
  select coalesce(array_agg(net._urlencode_string(key) || '=' || net._urlencode_string(value)), '{}')
  from jsonb_each_text(coalesce(params, '{}'))
$$;

create function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000
) returns bigint language plpgsql parallel unsafe called on null input as $$
declare
  request_id bigint;
begin
  insert into net.http_request_queue (method, url, headers, timeout_milliseconds)
  values ('GET', net._encode_url_with_params_array(url, net._params_array(params)), headers, timeout_milliseconds)
  returning id into request_id;
  perform net.wake();
  return request_id;
end
$$;

create function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds int default 5000
) returns bigint language plpgsql parallel unsafe as $$
declare
  request_id bigint;
  content_type text;
begin
  select value into content_type from jsonb_each_text(coalesce(headers, '{}')) where lower(key) = 'content-type' limit 1;
  if content_type is null then
    headers := coalesce(headers, '{}') || '{"Content-Type": "application/json"}';
  elsif content_type <> 'application/json' then
    raise exception 'Content-Type header must be "application/json"';
  end if;
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('POST', net._encode_url_with_params_array(url, net._params_array(params)), headers,
          convert_to(body::text, 'UTF8'), timeout_milliseconds)
  returning id into request_id;
  perform net.wake();
  return request_id;
end
$$;

create function net.http_delete(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds int default 5000,
  body jsonb default null
) returns bigint language plpgsql parallel unsafe as $$
declare
  request_id bigint;
begin
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values ('DELETE', net._encode_url_with_params_array(url, net._params_array(params)), headers,
          convert_to(body::text, 'UTF8'), timeout_milliseconds)
  returning id into request_id;
  perform net.wake();
  return request_id;
end
$$;

create function net._await_response(request_id bigint) returns bool
language plpgsql parallel unsafe called on null input as $$
begin
  while not exists (select 1 from net._http_response r where r.id = request_id) loop
    perform pg_sleep(0.05);
  end loop;
  return true;
end
$$;

create function net._http_collect_response(request_id bigint, async bool default true)
returns net.http_response_result language plpgsql parallel unsafe called on null input as $$
declare
  rec net._http_response;
begin
  if not async then
    perform net._await_response(request_id);
  end if;
  select * into rec from net._http_response where id = request_id;
  if rec is null then
    if exists (select 1 from net.http_request_queue where id = request_id) then
      return ('PENDING', 'request is pending', null)::net.http_response_result;
    end if;
    return ('ERROR', 'request matching request_id not found', null)::net.http_response_result;
  end if;
  if rec.error_msg is not null then
    return ('ERROR', rec.error_msg, null)::net.http_response_result;
  end if;
  return ('SUCCESS', 'ok', (rec.status_code, rec.headers, rec.content)::net.http_response)::net.http_response_result;
end
$$;

create function net.http_collect_response(request_id bigint, async bool default true)
returns net.http_response_result language sql parallel unsafe called on null input as $$
  select net._http_collect_response(request_id, async)
$$;

-- The stack's worker deletes responses older than pg_net.ttl (6 hours) through this.
create function net._stack_sweep_responses() returns void language sql as $$
  delete from net._http_response where created < now() - interval '6 hours'
$$;

grant usage on schema net to public;
grant all on all sequences in schema net to public;
grant all on all tables in schema net to public;
