-- Opsdesk install 0006 (opsdesk_file_removals), written by `npm run opsdesk -- init`.
-- Do not edit: a later init adds upgrades as new files. See Opsdesk's docs/any-project.md.

-- Opsdesk upgrade 0006 (docs/any-project.md, "File columns"): a deleted record's file goes with
-- it, and a file column names a bucket that exists.
--   * Deleting a row of a table with file columns, or changing such a column, queues the object
--     the old value named (opsdesk.file_removals) in the same transaction: a delete that RLS
--     refuses deletes no row and queues nothing, one rolled back queues nothing. The database
--     cannot remove the object itself (Storage keeps the bytes outside it, and refuses a direct
--     delete from storage.objects), so the console removes what is queued through the Storage
--     API after each delete (opsdesk.file_removals()); what a removal failed to remove stays
--     queued and goes at the next one. Only objects of Opsdesk's own folder of that column
--     ('<schema>/<table>/<column>/<file>') are queued, never the app's, and an object a row
--     names again is never handed out.
--   * table settings (set_table_settings, or any write of opsdesk.table_settings) are refused
--     when a file column's bucket does not exist (OPSDESK_NO_SUCH_BUCKET, the column in DETAIL);
--     opsdesk.storage_buckets() lists the buckets for the admin's picker.
-- An upgrade file: it runs on a database that has 0001 to 0005, and is never changed once
-- released.

-- The error catalogue of 0001 with OPSDESK_NO_SUCH_BUCKET.
create or replace function opsdesk.fail(code text, msg text, info text default null) returns void
language plpgsql volatile set search_path = '' as $$
declare
  state text := case code
    when 'OPSDESK_NOT_SIGNED_IN' then '42501'
    when 'OPSDESK_NOT_OPERATOR' then '42501'
    when 'OPSDESK_NOT_ADMIN' then '42501'
    when 'OPSDESK_FORBIDDEN' then '42501'
    when 'OPSDESK_NO_SUCH_TABLE' then '42P01'
    when 'OPSDESK_NOT_MANAGED' then '55000'
    when 'OPSDESK_NOT_MANAGEABLE' then '55000'
    when 'OPSDESK_NOT_OWNER' then '42501'
    when 'OPSDESK_RLS_OFF' then '55000'
    when 'OPSDESK_NO_KEY' then '55000'
    when 'OPSDESK_KEY_MISSING' then '22023'
    when 'OPSDESK_ROWS_NOT_LIST' then '22023'
    when 'OPSDESK_TOO_MANY_ROWS' then '54000'
    when 'OPSDESK_BAD_ACTION' then '22023'
    when 'OPSDESK_NO_CHANGES' then '22023'
    when 'OPSDESK_UNKNOWN_COLUMN' then '42703'
    when 'OPSDESK_READ_ONLY_COLUMN' then '42703'
    when 'OPSDESK_NOT_A_REFERENCE' then '22023'
    when 'OPSDESK_BAD_FILTER' then '22023'
    when 'OPSDESK_SEARCH_TOO_LONG' then '22023'
    when 'OPSDESK_TOO_MANY_IDS' then '54000'
    when 'OPSDESK_NO_SUCH_USER' then 'P0002'
    when 'OPSDESK_NO_SUCH_ROLE' then 'P0002'
    when 'OPSDESK_LAST_ADMIN' then 'P0001'
    when 'OPSDESK_SELF_DEACTIVATE' then 'P0001'
    when 'OPSDESK_SELF_ROLE' then 'P0001'
    when 'OPSDESK_SELF_REMOVE' then 'P0001'
    when 'OPSDESK_BUILTIN_ROLE' then 'P0001'
    when 'OPSDESK_AUDIT_APPEND_ONLY' then 'P0001'
    when 'OPSDESK_BAD_SETTINGS' then '22023'
    when 'OPSDESK_BAD_PRESENCE' then '22023'
    when 'OPSDESK_NO_SUCH_BUCKET' then '22023'
  end;
begin
  if state is null then
    raise exception 'opsdesk.fail: unknown code %', code using errcode = 'XX000';
  end if;
  if info is null then
    raise exception using message = msg, errcode = state, hint = code;
  end if;
  raise exception using message = msg, errcode = state, hint = code, detail = info;
end
$$;

-- Objects whose rows went: each once, until removed through the Storage API.
create table opsdesk.file_removals (
  bucket_id text not null,
  name text not null,
  queued_at timestamptz not null default now(),
  primary key (bucket_id, name)
);
alter table opsdesk.file_removals enable row level security;
revoke all on opsdesk.file_removals from public, anon, authenticated, service_role;

-- Whether `object_name` is a file of Opsdesk's folder of schema.table.column (the shape
-- opsdesk.file_access of 0003 allows): '<schema>/<table>/<column>/<file>', file neither empty nor
-- hidden.
create function opsdesk.is_file_column_object(schema_name text, table_name text, column_name text,
                                              object_name text) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(
    cardinality(string_to_array(object_name, '/')) = 4
    and (string_to_array(object_name, '/'))[1] = schema_name
    and (string_to_array(object_name, '/'))[2] = table_name
    and (string_to_array(object_name, '/'))[3] = column_name
    and (string_to_array(object_name, '/'))[4] <> ''
    and (string_to_array(object_name, '/'))[4] not like '.%', false)
$$;

-- The trigger on a table with file columns: the objects the old row named and the new one does
-- not (a delete, or an update that changed or cleared the column) are queued.
create function opsdesk.queue_file_removals() returns trigger
language plpgsql volatile security definer set search_path = '' as $$
declare
  columns jsonb;
  old_row jsonb := to_jsonb(old);
  new_row jsonb := case when tg_op = 'UPDATE' then to_jsonb(new) end;
  f record;
  gone text;
begin
  select s.settings -> 'file_columns' into columns
  from opsdesk.table_settings s
  where s.schema_name = tg_table_schema and s.table_name = tg_table_name;
  if jsonb_typeof(columns) is distinct from 'object' then
    return null;
  end if;
  for f in select c.key as column_name, c.value ->> 'bucket' as bucket
           from jsonb_each(columns) c where jsonb_typeof(c.value) = 'object' loop
    gone := old_row ->> f.column_name;
    continue when gone is null or f.bucket is null;
    continue when tg_op = 'UPDATE' and new_row ->> f.column_name is not distinct from gone;
    continue when not opsdesk.is_file_column_object(tg_table_schema, tg_table_name, f.column_name, gone);
    insert into opsdesk.file_removals (bucket_id, name) values (f.bucket, gone)
    on conflict on constraint file_removals_pkey do nothing;
  end loop;
  return null;
end
$$;

-- Puts the queueing trigger on a managed table while its settings name file columns (for
-- deletes and updates of those columns), and takes it off when they name none or the table is
-- no longer managed. The table is touched (a short exclusive lock) only when that changes, not
-- at every save of its labels.
create function opsdesk.file_removal_hook(rel oid, settings jsonb) returns void
language plpgsql volatile security definer set search_path = '' set client_min_messages = warning as $$
declare
  target text := rel::regclass::text;
  wanted int2[];
  present int2[];
  hooked boolean;
begin
  if (select c.relkind from pg_catalog.pg_class c where c.oid = rel) not in ('r', 'p') then
    return;
  end if;
  if exists (select 1 from opsdesk.managed_tables m where m.relid = rel) then
    select array_agg(a.attnum order by a.attnum) into wanted
    from pg_catalog.pg_attribute a
    where a.attrelid = rel and a.attnum > 0 and not a.attisdropped
      and jsonb_typeof(settings -> 'file_columns') = 'object'
      and (settings -> 'file_columns') ? a.attname::text;
  end if;
  select array(select x from unnest(t.tgattr::int2[]) x order by x) into present
  from pg_catalog.pg_trigger t where t.tgrelid = rel and t.tgname = 'opsdesk_file_removals';
  hooked := found;
  if hooked and wanted is not distinct from present then
    return;
  end if;
  if hooked then
    execute format('drop trigger opsdesk_file_removals on %s', target);
  end if;
  if wanted is not null then
    execute format('create trigger opsdesk_file_removals after delete or update of %s on %s
                    for each row execute function opsdesk.queue_file_removals()',
                   (select string_agg(format('%I', a.attname), ', ' order by a.attnum)
                    from pg_catalog.pg_attribute a where a.attrelid = rel and a.attnum = any (wanted)),
                   target);
  end if;
end
$$;

-- The buckets of the project, for the admin's picker on the Tables screen (operators cannot
-- read storage.buckets; opsdesk.file_buckets() of 0003 answers only for buckets already named).
create function opsdesk.storage_buckets()
returns table (id text, public boolean, file_size_limit bigint, allowed_mime_types text[])
language plpgsql stable security definer set search_path = '' as $$
begin
  perform opsdesk.require_admin();
  if to_regclass('storage.buckets') is null then
    return;
  end if;
  return query
    select b.id, b.public, b.file_size_limit, b.allowed_mime_types from storage.buckets b order by b.id;
end
$$;

-- A table's settings as written (by set_table_settings of 0001, or by hand): each file column
-- needs a bucket that exists (OPSDESK_NO_SUCH_BUCKET otherwise, DETAIL: the column), and the
-- table's queueing trigger follows its file columns.
create function opsdesk.table_settings_files() returns trigger
language plpgsql volatile security definer set search_path = '' as $$
declare
  f record;
  rel oid;
begin
  if tg_op <> 'DELETE' and jsonb_typeof(new.settings -> 'file_columns') = 'object' then
    for f in select c.key as column_name, c.value from jsonb_each(new.settings -> 'file_columns') c order by c.key loop
      if jsonb_typeof(f.value) is distinct from 'object' or jsonb_typeof(f.value -> 'bucket') is distinct from 'string' then
        perform opsdesk.fail('OPSDESK_BAD_SETTINGS',
          format('The file column %s needs a bucket: {"bucket": "<bucket id>"}.', f.column_name), f.column_name);
      end if;
      if to_regclass('storage.buckets') is null
         or not exists (select 1 from storage.buckets b where b.id = f.value ->> 'bucket') then
        perform opsdesk.fail('OPSDESK_NO_SUCH_BUCKET',
          format('There is no bucket %s for the file column %s.', f.value ->> 'bucket', f.column_name), f.column_name);
      end if;
    end loop;
  end if;
  if tg_op = 'DELETE' then
    rel := to_regclass(format('%I.%I', old.schema_name, old.table_name));
    if rel is not null then
      perform opsdesk.file_removal_hook(rel, '{}');
    end if;
    return old;
  end if;
  rel := to_regclass(format('%I.%I', new.schema_name, new.table_name));
  if rel is not null then
    perform opsdesk.file_removal_hook(rel, new.settings);
  end if;
  return new;
end
$$;

create trigger opsdesk_table_settings_files before insert or update or delete on opsdesk.table_settings
  for each row execute function opsdesk.table_settings_files();

-- Managing a table whose settings already name file columns puts the trigger on; unmanaging
-- takes it off (as unmanage_table takes the audit triggers off).
create function opsdesk.managed_tables_files() returns trigger
language plpgsql volatile security definer set search_path = '' as $$
declare
  rel oid := case when tg_op = 'DELETE' then old.relid else new.relid end;
begin
  if rel is not null and exists (select 1 from pg_catalog.pg_class c where c.oid = rel) then
    perform opsdesk.file_removal_hook(rel, case when tg_op = 'DELETE' then '{}'::jsonb else coalesce(
      (select s.settings from opsdesk.table_settings s
       where s.schema_name = new.schema_name and s.table_name = new.table_name), '{}') end);
  end if;
  return null;
end
$$;

create trigger opsdesk_managed_tables_files after insert or delete on opsdesk.managed_tables
  for each row execute function opsdesk.managed_tables_files();

-- Whether a row of the object's column names it (again): then it is nobody's to remove.
create function opsdesk.file_still_named(bucket text, object_name text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  parts text[] := string_to_array(object_name, '/');
  rel oid;
  named boolean;
begin
  if cardinality(parts) is distinct from 4 then
    return false;
  end if;
  rel := to_regclass(format('%I.%I', parts[1], parts[2]));
  if rel is null or not exists (
    select 1 from pg_catalog.pg_attribute a where a.attrelid = rel and a.attname = parts[3] and a.attnum > 0 and not a.attisdropped
  ) then
    return false;
  end if;
  execute format('select exists (select 1 from %s where %I::text = $1)', rel::regclass, parts[3]) into named using object_name;
  return named;
end
$$;

-- The console's part after a delete (docs/any-project.md "File columns"): forgets what is done
-- (the object is gone, or a row names it again), then answers the queued objects the caller may
-- remove (edit or delete on their table, as storage's policies of 0003 ask), oldest first. The
-- console removes them through the Storage API; what it fails to remove is answered again.
create function opsdesk.file_removals()
returns table (bucket text, object_name text)
language plpgsql volatile security definer set search_path = '' as $$
begin
  perform opsdesk.require_operator();
  delete from opsdesk.file_removals q
  where not exists (select 1 from storage.objects o where o.bucket_id = q.bucket_id and o.name = q.name)
     or opsdesk.file_still_named(q.bucket_id, q.name);
  return query
    select q.bucket_id, q.name from opsdesk.file_removals q
    where opsdesk.file_access(q.bucket_id, q.name, array['edit', 'delete'])
    order by q.queued_at, q.name
    limit 1000;
end
$$;

revoke all on function opsdesk.is_file_column_object(text, text, text, text), opsdesk.queue_file_removals(),
  opsdesk.file_removal_hook(oid, jsonb), opsdesk.table_settings_files(), opsdesk.managed_tables_files(),
  opsdesk.storage_buckets(), opsdesk.file_still_named(text, text),
  opsdesk.file_removals()
  from public, anon, authenticated, service_role;
grant execute on function opsdesk.storage_buckets(), opsdesk.file_removals() to authenticated, service_role;

-- Tables whose settings name file columns today get the trigger.
select opsdesk.file_removal_hook(to_regclass(format('%I.%I', s.schema_name, s.table_name)), s.settings)
from opsdesk.table_settings s
where jsonb_typeof(s.settings -> 'file_columns') = 'object' and s.settings -> 'file_columns' <> '{}'
  and to_regclass(format('%I.%I', s.schema_name, s.table_name)) is not null;

insert into opsdesk.installed (version, name) values ('0006', 'opsdesk_file_removals');
