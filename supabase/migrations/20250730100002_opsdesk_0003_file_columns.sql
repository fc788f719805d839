-- Opsdesk install 0003 (opsdesk_file_columns), written by `npm run opsdesk -- init`.
-- Do not edit: a later init adds upgrades as new files. See Opsdesk's docs/any-project.md.

-- Opsdesk install 0003: file columns (docs/any-project.md, "File columns"). An admin marks a text
-- column of a managed table as a file path in a Storage bucket (table settings, `file_columns`:
-- {"<column>": {"bucket": "<bucket id>"}}); operators then upload, show, replace and remove that
-- column's files through the Storage API, as themselves, under storage RLS:
--   * the objects live under '<schema>/<table>/<column>/<file>' in the column's bucket;
--   * additional permissive policies on storage.objects let an operator read such an object
--     where the matrix lets them list or show the table, upload where it lets them create or edit,
--     replace where edit, remove where edit or delete. The project's own storage policies are
--     untouched, and for anyone else (app users) the check is false, so their access stays;
--   * file_buckets() tells operators the buckets' limits (size, types, public), which
--     storage.buckets does not let them read, so the console refuses a file before sending it.
-- An upgrade file: it runs on a database that has 0001 and 0002, and is never changed once
-- released.

-- The buckets named by file columns of tables the caller may list or show, with their limits.
create function opsdesk.file_buckets()
returns table (id text, public boolean, file_size_limit bigint, allowed_mime_types text[])
language plpgsql stable security definer set search_path = '' as $$
begin
  perform opsdesk.require_operator();
  return query
    select b.id, b.public, b.file_size_limit, b.allowed_mime_types
    from storage.buckets b
    where b.id in (
      select f.value ->> 'bucket'
      from opsdesk.table_settings s
      cross join lateral jsonb_each(case when jsonb_typeof(s.settings -> 'file_columns') = 'object'
                                         then s.settings -> 'file_columns' else '{}' end) f
      where opsdesk.can(s.schema_name, s.table_name, 'list') or opsdesk.can(s.schema_name, s.table_name, 'show'))
    order by b.id;
end
$$;

-- Whether the caller holds one of `actions` on the table whose file column the object belongs
-- to: its name is '<schema>/<table>/<column>/<file>' and that column is a file column of
-- `bucket`. Anything else (another shape, another bucket, no such setting) is false.
create function opsdesk.file_access(bucket text, object_name text, actions text[]) returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  parts text[] := string_to_array(object_name, '/');
begin
  if bucket is null or cardinality(parts) is distinct from 4 or parts[4] = '' or parts[4] like '.%' then
    return false;
  end if;
  return exists (
    select 1 from opsdesk.table_settings s
    join opsdesk.managed_tables m on m.schema_name = s.schema_name and m.table_name = s.table_name
    where s.schema_name = parts[1] and s.table_name = parts[2]
      and s.settings -> 'file_columns' -> parts[3] ->> 'bucket' = bucket
      and exists (select 1 from unnest(actions) a where opsdesk.can(s.schema_name, s.table_name, a)));
end
$$;

revoke all on function opsdesk.file_buckets(), opsdesk.file_access(text, text, text[])
  from public, anon, authenticated, service_role;
grant execute on function opsdesk.file_buckets(), opsdesk.file_access(text, text, text[])
  to authenticated, service_role;

-- The policies, where the project has Storage (every Supabase project does; a bare Postgres may
-- not) and the installing role may add them.
do $$
begin
  if to_regclass('storage.objects') is null then
    raise notice 'opsdesk: no storage.objects here; file columns need Supabase Storage.';
    return;
  end if;
  create policy "opsdesk: operators read file columns" on storage.objects for select to authenticated
    using (opsdesk.file_access(bucket_id, name, array['list', 'show']));
  create policy "opsdesk: operators upload file columns" on storage.objects for insert to authenticated
    with check (opsdesk.file_access(bucket_id, name, array['create', 'edit']));
  create policy "opsdesk: operators replace file columns" on storage.objects for update to authenticated
    using (opsdesk.file_access(bucket_id, name, array['edit']))
    with check (opsdesk.file_access(bucket_id, name, array['edit']));
  create policy "opsdesk: operators remove file columns" on storage.objects for delete to authenticated
    using (opsdesk.file_access(bucket_id, name, array['edit', 'delete']));
exception when insufficient_privilege then
  raise notice 'opsdesk: this role may not add policies to storage.objects; file columns cannot upload.';
end
$$;

insert into opsdesk.installed (version, name) values ('0003', 'opsdesk_file_columns');
