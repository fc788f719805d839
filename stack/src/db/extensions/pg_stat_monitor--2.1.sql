-- pg_stat_monitor's view, written for the local stack over pg_stat_statements: Percona's
-- collector is native code loaded at server start, which the stack cannot build; the
-- statistics pg_stat_statements keeps (the stack preloads it, as Supabase's image does)
-- are shown under pg_stat_monitor's names. Everything is one bucket (0) since the
-- statistics were last reset; the columns pg_stat_statements has no data for (client
-- address, application, plans, histograms, error codes) are left out.

create function pg_stat_monitor_version() returns text language sql immutable as $$
  select '2.1 (the local stack''s view over pg_stat_statements)'
$$;

create function pg_stat_monitor_reset() returns void language sql as $$
  select @extschema:pg_stat_statements@.pg_stat_statements_reset()
$$;

create view pg_stat_monitor as
  select
    0 as bucket,
    s.stats_since as bucket_start_time,
    s.userid,
    r.rolname::text as username,
    s.dbid,
    d.datname::text as datname,
    s.queryid,
    s.toplevel,
    s.query,
    s.calls,
    s.total_exec_time,
    s.min_exec_time,
    s.max_exec_time,
    s.mean_exec_time,
    s.stddev_exec_time,
    s.rows,
    s.plans,
    s.total_plan_time,
    s.min_plan_time,
    s.max_plan_time,
    s.mean_plan_time,
    s.stddev_plan_time,
    s.shared_blks_hit,
    s.shared_blks_read,
    s.shared_blks_dirtied,
    s.shared_blks_written,
    s.local_blks_hit,
    s.local_blks_read,
    s.local_blks_dirtied,
    s.local_blks_written,
    s.temp_blks_read,
    s.temp_blks_written,
    s.wal_records,
    s.wal_fpi,
    s.wal_bytes,
    false as bucket_done
  from @extschema:pg_stat_statements@.pg_stat_statements s
  left join pg_roles r on r.oid = s.userid
  left join pg_database d on d.oid = s.dbid;
