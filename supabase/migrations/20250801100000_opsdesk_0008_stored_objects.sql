-- Opsdesk install 0008 (opsdesk_stored_objects), written by `npm run opsdesk -- init`.
-- Do not edit: a later init adds upgrades as new files. See Opsdesk's docs/any-project.md.

-- Opsdesk upgrade 0008 (docs/any-project.md, "Keys to stored objects" and "Grants"):
--   * opsdesk.stored_objects(): the stored files (storage.objects) the caller may read, for the
--     console's picker of a column that references storage.objects(id) (a project's
--     `documents.storage_object_id`), and the bucket, path and size of the objects such columns
--     name, for lists and record pages. Security invoker: storage's own policies decide, so it
--     answers exactly what the caller could read through the Storage API, nothing more.
--     opsdesk.object_buckets(): the buckets such a picker may upload a new file into (operators
--     who may create or edit in a table with such a column; storage's policies decide the upload).
--   * opsdesk.unmanage_table() takes back only what Opsdesk granted: revoking a table's
--     privilege also revokes every column's grant of it (Postgres), so a column grant the
--     project made to `authenticated` after manage_table (`grant select (title) on t to
--     authenticated`) went with it. Those column grants are now made again after the revoke.
-- An upgrade file: it runs on a database that has 0001 to 0007, and is never changed once
-- released.

-- Stored objects the caller may read, newest first: those whose id is in `ids` (a list or record
-- showing the objects its rows name), or else those whose bucket or path holds every word of `q`
-- (the picker's search), in `bucket` when given. At most 100 a call; folder placeholders left out.
create function opsdesk.stored_objects(q text default null, ids uuid[] default null, bucket text default null,
                                       page_limit integer default 25)
returns table (id uuid, bucket_id text, name text, size bigint, mimetype text, created_at timestamptz)
language plpgsql stable security invoker set search_path = '' as $$
declare
  words text[] := array(select w from regexp_split_to_table(btrim(coalesce(q, '')), '\s+') w where w <> '');
begin
  perform opsdesk.require_operator();
  if length(coalesce(q, '')) > 200 then
    perform opsdesk.fail('OPSDESK_SEARCH_TOO_LONG', 'Search for at most 200 characters.');
  end if;
  if cardinality(ids) > 1000 then
    perform opsdesk.fail('OPSDESK_TOO_MANY_IDS', 'Ask for at most 1000 objects at once.');
  end if;
  if to_regclass('storage.objects') is null then
    return;
  end if;
  return query
    select o.id, o.bucket_id, o.name,
           case when o.metadata ->> 'size' ~ '^[0-9]{1,18}$' then (o.metadata ->> 'size')::bigint end,
           o.metadata ->> 'mimetype', o.created_at
    from storage.objects o
    where (ids is null or o.id = any (ids))
      and (stored_objects.bucket is null or o.bucket_id = stored_objects.bucket)
      and o.name is not null and o.name not like '%.emptyFolderPlaceholder'
      and not exists (
        select 1 from unnest(words) w
        where strpos(lower(o.bucket_id || '/' || o.name), lower(w)) = 0)
    order by o.created_at desc nulls last, o.id
    limit case when ids is null then least(greatest(coalesce(page_limit, 25), 1), 100) else 1000 end;
end
$$;

-- Whether a managed table the caller may create or edit in has a column that references
-- storage.objects (a key to a stored file).
create function opsdesk.writes_object_keys() returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return exists (
    select 1 from opsdesk.managed_tables m
    join pg_catalog.pg_constraint k on k.conrelid = m.relid and k.contype = 'f'
    where k.confrelid = to_regclass('storage.objects')
      and (opsdesk.can_rel(m.relid, 'create') or opsdesk.can_rel(m.relid, 'edit')));
end
$$;

-- The project's buckets with their limits, for the picker's upload (operators cannot read
-- storage.buckets): answered only to an operator who may create or edit in a table with a key to
-- a stored file; Storage's own policies decide whether the upload itself is allowed.
create function opsdesk.object_buckets()
returns table (id text, public boolean, file_size_limit bigint, allowed_mime_types text[])
language plpgsql stable security definer set search_path = '' as $$
begin
  perform opsdesk.require_operator();
  if to_regclass('storage.buckets') is null or not opsdesk.writes_object_keys() then
    return;
  end if;
  return query
    select b.id, b.public, b.file_size_limit, b.allowed_mime_types from storage.buckets b order by b.id;
end
$$;

-- 0001's unmanage_table, with the project's column grants kept.
create or replace function opsdesk.unmanage_table(schema_name text, table_name text) returns void
language plpgsql volatile security definer set search_path = '' set client_min_messages = warning as $$
declare
  rel oid := opsdesk.relation(schema_name, table_name);
  known opsdesk.managed_tables;
  target text := format('%I.%I', schema_name, table_name);
  priv text;
  plain text[];
  grantable text[];
begin
  perform opsdesk.require_admin();
  select * into known from opsdesk.managed_tables m
  where m.schema_name = unmanage_table.schema_name and m.table_name = unmanage_table.table_name;
  if not found then
    perform opsdesk.fail('OPSDESK_NOT_MANAGED', format('%s is not managed by Opsdesk.', target));
  end if;
  perform opsdesk.remove_hooks(rel);
  foreach priv in array known.granted loop
    -- The columns' own grants of this privilege to `authenticated` (Opsdesk grants whole tables
    -- only, so each is the project's), read before the revoke takes them along.
    plain := array(
      select format('%I', a.attname)
      from pg_catalog.pg_attribute a cross join lateral pg_catalog.aclexplode(a.attacl) x
      where a.attrelid = rel and a.attnum > 0 and not a.attisdropped
        and x.grantee = 'authenticated'::regrole and x.privilege_type = upper(priv)
      group by a.attnum, a.attname having not bool_or(x.is_grantable) order by a.attnum);
    grantable := array(
      select format('%I', a.attname)
      from pg_catalog.pg_attribute a cross join lateral pg_catalog.aclexplode(a.attacl) x
      where a.attrelid = rel and a.attnum > 0 and not a.attisdropped
        and x.grantee = 'authenticated'::regrole and x.privilege_type = upper(priv)
      group by a.attnum, a.attname having bool_or(x.is_grantable) order by a.attnum);
    execute format('revoke %s on %s from authenticated', priv, target);
    if cardinality(plain) > 0 then
      execute format('grant %s (%s) on %s to authenticated', priv, array_to_string(plain, ', '), target);
    end if;
    if cardinality(grantable) > 0 then
      execute format('grant %s (%s) on %s to authenticated with grant option', priv, array_to_string(grantable, ', '), target);
    end if;
  end loop;
  delete from opsdesk.managed_tables m
  where m.schema_name = unmanage_table.schema_name and m.table_name = unmanage_table.table_name;
  perform opsdesk.bump_version();
end
$$;

revoke all on function opsdesk.stored_objects(text, uuid[], text, integer), opsdesk.writes_object_keys(),
  opsdesk.object_buckets() from public, anon, authenticated;
grant execute on function opsdesk.stored_objects(text, uuid[], text, integer), opsdesk.object_buckets()
  to authenticated, service_role;

insert into opsdesk.installed (version, name) values ('0008', 'opsdesk_stored_objects');
