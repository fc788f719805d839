-- pg_cron 1.6's SQL interface (citusdata/pg_cron), for the local stack: jobs live
-- in cron.job and runs in cron.job_run_details as in the extension; instead of the
-- C background worker, the stack's scheduler (stack/src/platform/cron.ts) reloads
-- the jobs on NOTIFY, runs each as its user and records the run. Schedules are
-- standard five-field cron (with pg_cron's `$` for the last day of the month and
-- the @hourly… shorthands, in UTC) or '[1-59] seconds'.
create schema cron;
create sequence cron.jobid_seq;
create table cron.job (
  jobid bigint primary key default nextval('cron.jobid_seq'),
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  nodeport int not null default inet_server_port(),
  database text not null default current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname text
);
alter table cron.job add constraint jobname_username_uniq unique (jobname, username);
grant select on cron.job to public;
alter table cron.job enable row level security;
create policy cron_job_policy on cron.job using (username = current_user);

create sequence cron.runid_seq;
create table cron.job_run_details (
  jobid bigint,
  runid bigint primary key default nextval('cron.runid_seq'),
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);
grant select, delete on cron.job_run_details to public;
alter table cron.job_run_details enable row level security;
create policy cron_job_run_details_policy on cron.job_run_details using (username = current_user);
grant select on sequence cron.jobid_seq, cron.runid_seq to public;

-- A schedule pg_cron accepts, else the same error.
create function cron._validate_schedule(schedule text) returns void language plpgsql immutable as $$
declare
  fields text[];
  bounds int[][] := array[[0, 59], [0, 23], [1, 31], [1, 12], [0, 7]];
  item text;
  m text[];
  names text := '^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|sun|mon|tue|wed|thu|fri|sat)$';
begin
  if schedule ~* '^\s*([1-9]|[1-5][0-9])\s+seconds?\s*$'
     or lower(trim(schedule)) in ('@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly') then
    return;
  end if;
  fields := regexp_split_to_array(trim(schedule), '\s+');
  if cardinality(fields) <> 5 then
    raise exception 'invalid schedule: %', schedule;
  end if;
  for f in 1..5 loop
    foreach item in array string_to_array(fields[f], ',') loop
      if item = '$' and f = 3 then continue; end if;
      if lower(item) ~ names and f in (4, 5) then continue; end if;
      m := regexp_match(item, '^(\*|(\d+)(?:-(\d+))?)(?:/(\d+))?$');
      if m is null
         or (m[2] is not null and (m[2]::int < bounds[f][1] or m[2]::int > bounds[f][2]))
         or (m[3] is not null and (m[3]::int < bounds[f][1] or m[3]::int > bounds[f][2] or m[3]::int < m[2]::int))
         or (m[4] is not null and m[4]::int = 0) then
        raise exception 'invalid schedule: %', schedule;
      end if;
    end loop;
  end loop;
end
$$;

create function cron.schedule(schedule text, command text) returns bigint
language plpgsql strict as $$
declare
  id bigint;
begin
  perform cron._validate_schedule(schedule);
  insert into cron.job (schedule, command) values (schedule, command) returning jobid into id;
  return id;
end
$$;
comment on function cron.schedule(text, text) is 'schedule a pg_cron job';

-- A job of the same name and user is replaced, as pg_cron does.
create function cron.schedule(job_name text, schedule text, command text) returns bigint
language plpgsql as $$
declare
  id bigint;
begin
  perform cron._validate_schedule(schedule);
  insert into cron.job (jobname, schedule, command) values (job_name, schedule, command)
  on conflict on constraint jobname_username_uniq
  do update set schedule = excluded.schedule, command = excluded.command, active = true
  returning jobid into id;
  return id;
end
$$;
comment on function cron.schedule(text, text, text) is 'schedule a pg_cron job';

create function cron.schedule_in_database(
  job_name text, schedule text, command text, database text, username text default null, active boolean default true
) returns bigint language plpgsql as $$
declare
  id bigint;
begin
  if database <> current_database() then
    raise exception 'the local stack runs jobs in its own database only (%), not %', current_database(), database;
  end if;
  perform cron._validate_schedule(schedule);
  insert into cron.job (jobname, schedule, command, username, active)
  values (job_name, schedule, command, coalesce(username, current_user), active)
  on conflict on constraint jobname_username_uniq
  do update set schedule = excluded.schedule, command = excluded.command, active = excluded.active
  returning jobid into id;
  return id;
end
$$;
revoke all on function cron.schedule_in_database(text, text, text, text, text, boolean) from public;

create function cron.unschedule(job_id bigint) returns bool language plpgsql strict as $$
begin
  delete from cron.job where jobid = job_id;
  if not found then
    raise exception 'could not find valid entry for job %', job_id;
  end if;
  return true;
end
$$;
comment on function cron.unschedule(bigint) is 'unschedule a pg_cron job';

create function cron.unschedule(job_name text) returns bool language plpgsql strict as $$
begin
  delete from cron.job where jobname = job_name and username = current_user;
  if not found then
    raise exception 'could not find valid entry for job ''%''', job_name;
  end if;
  return true;
end
$$;
comment on function cron.unschedule(text) is 'unschedule a pg_cron job';

create function cron.alter_job(
  job_id bigint, schedule text default null, command text default null, database text default null,
  username text default null, active boolean default null
) returns void language plpgsql as $$
begin
  if schedule is not null then perform cron._validate_schedule(schedule); end if;
  if database is not null and database <> current_database() then
    raise exception 'the local stack runs jobs in its own database only (%), not %', current_database(), database;
  end if;
  update cron.job j set
    schedule = coalesce(alter_job.schedule, j.schedule),
    command = coalesce(alter_job.command, j.command),
    username = coalesce(alter_job.username, j.username),
    active = coalesce(alter_job.active, j.active)
  where j.jobid = job_id;
  if not found then
    raise exception 'could not find valid entry for job %', job_id;
  end if;
end
$$;
revoke all on function cron.alter_job(bigint, text, text, text, text, boolean) from public;

-- The scheduler reloads the jobs whenever they change.
create function cron.job_cache_invalidate() returns trigger language plpgsql as $$
begin
  perform pg_notify('stack_pg_cron', '');
  return null;
end
$$;
create trigger cron_job_cache_invalidate after insert or update or delete or truncate on cron.job
  for each statement execute function cron.job_cache_invalidate();
