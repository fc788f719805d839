-- postgres_changes visibility against the row as it was committed (docs/security.md
-- "Realtime: visibility of a change"). Base 43/56 look each changed row up by its key
-- after commit, as hosted Realtime's apply_rls does: a row deleted (or changed) in the
-- meantime was no longer found, and its INSERT or UPDATE event was lost for every
-- subscriber (3 of 20 in a test that deletes at once). Here the subscriber's SELECT
-- policies are evaluated on the row image from the WAL instead:
-- * realtime.stack_image_check_sql(table, role) builds, per role, a statement over
--   `$1` (the images as jsonb objects of column text) that casts each column from its
--   text, computes the stored generated columns from their expressions, names the
--   record as the table (so policy expressions read as on the table itself), and keeps
--   the images that pass what Postgres would apply to that role: no rows without
--   SELECT on the key columns; every row for a superuser, a BYPASSRLS role or the
--   owner (unless FORCE ROW LEVEL SECURITY); else (the permissive USING expressions
--   OR-ed, none meaning no rows) AND each restrictive one, of the SELECT and ALL
--   policies that apply to the role (PUBLIC or a role it is a member of).
-- * realtime.stack_visible(check_sql, relid, rows, …) replaces stack_visible_rows (base
--   43/56, dropped here) for both kinds of rows: with `check_sql` it runs that key
--   lookup; without it, the image check of `relid`, prepared once per role. Settings per
--   subscriber as base 56 sets them; it waits for the changes' transactions first, since
--   policies may read rows they wrote.
-- A row whose image lacks a value (an unchanged TOASTed column of an UPDATE) is still
-- looked up by key: there is no committed value to read it from.
create function realtime.stack_image_check_sql(relid oid, check_role text) returns text
language plpgsql stable set search_path = '' as $$
declare
  rel record;
  columns text;
  generated text;
  keys_readable boolean;
  privileged boolean;
  owner boolean;
  permissive text;
  restrictive text;
  predicate text;
begin
  select c.relname, c.relowner, c.relforcerowsecurity into rel from pg_catalog.pg_class c where c.oid = relid;
  select string_agg(format('(k.img ->> %L)::%s as %I', a.attname, format_type(a.atttypid, a.atttypmod), a.attname),
                    ', ' order by a.attnum)
    into columns
  from pg_catalog.pg_attribute a
  where a.attrelid = relid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '';
  select string_agg(format('(%s) as %I', pg_catalog.pg_get_expr(d.adbin, d.adrelid), a.attname), ', ' order by a.attnum)
    into generated
  from pg_catalog.pg_attribute a
  join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  where a.attrelid = relid and a.attnum > 0 and not a.attisdropped and a.attgenerated = 's';
  select coalesce(bool_and(has_column_privilege(check_role, relid, k.attnum, 'SELECT')), false)
    into keys_readable
  from pg_catalog.pg_index i cross join unnest(i.indkey) k(attnum)
  where i.indrelid = relid and i.indisprimary;
  select r.rolsuper or r.rolbypassrls, pg_has_role(check_role, rel.relowner, 'USAGE')
    into privileged, owner
  from pg_catalog.pg_roles r where r.rolname = check_role;
  if not keys_readable then
    predicate := 'false';
  elsif privileged or (owner and not rel.relforcerowsecurity) then
    predicate := 'true';
  else
    select string_agg('(' || pg_catalog.pg_get_expr(p.polqual, p.polrelid) || ')', ' or ') filter (where p.polpermissive),
           string_agg('(' || pg_catalog.pg_get_expr(p.polqual, p.polrelid) || ')', ' and ') filter (where not p.polpermissive)
      into permissive, restrictive
    from pg_catalog.pg_policy p
    where p.polrelid = relid and p.polcmd in ('r', '*') and p.polqual is not null
      and (0::oid = any (p.polroles)
           or exists (select 1 from unnest(p.polroles) pr(oid) where pr.oid <> 0 and pg_has_role(check_role, pr.oid, 'MEMBER')));
    predicate := coalesce('(' || permissive || ')', 'false') || coalesce(' and ' || restrictive, '');
  end if;
  return format(
    'select coalesce(array_agg(k.ordinal::int), ''{}'') from jsonb_array_elements($1::jsonb) with ordinality k(img, ordinal) '
    'cross join lateral (select r.*%s from (select %s) r) as %I where %s',
    coalesce(', ' || generated, ''), columns, rel.relname, predicate);
end
$$;

drop function realtime.stack_visible_rows(text, jsonb, bigint[], text[], text[], text[], text[]);

create function realtime.stack_visible(
  check_sql text, relid oid, rows jsonb, xids bigint[], roles text[], claims text[], subs text[], emails text[]
)
returns table (viewer int, ordinals int[])
language plpgsql
set plan_cache_mode = force_generic_plan
as $$
declare
  arg text := quote_literal(rows::text);
  prepared_for text;
  active_role text;
  active_sub text;
  active_email text;
  ignored text;
  visible int[];
begin
  perform realtime.stack_wait_visible(xids);
  if exists (select 1 from pg_prepared_statements where name = 'stack_realtime_rls') then
    deallocate stack_realtime_rls;
  end if;
  if check_sql is not null then
    execute 'prepare stack_realtime_rls as ' || check_sql;
  end if;
  for i in 1 .. coalesce(array_length(roles, 1), 0) loop
    if check_sql is null and prepared_for is distinct from roles[i] then
      -- Built as the connection's own role: it reads the catalog, not the table.
      ignored := set_config('role', 'none', true);
      active_role := null;
      if prepared_for is not null then
        deallocate stack_realtime_rls;
      end if;
      execute 'prepare stack_realtime_rls as ' || realtime.stack_image_check_sql(relid, roles[i]);
      prepared_for := roles[i];
    end if;
    if active_role is distinct from roles[i] then
      ignored := set_config('role', roles[i], true);
      ignored := set_config('request.jwt.claim.role', roles[i], true);
      active_role := roles[i];
    end if;
    ignored := set_config('request.jwt.claims', claims[i], true);
    if active_sub is distinct from subs[i] then
      ignored := set_config('request.jwt.claim.sub', subs[i], true);
      active_sub := subs[i];
    end if;
    if active_email is distinct from emails[i] then
      ignored := set_config('request.jwt.claim.email', emails[i], true);
      active_email := emails[i];
    end if;
    execute 'execute stack_realtime_rls(' || arg || ')' into visible;
    if cardinality(visible) > 0 then
      viewer := i;
      ordinals := visible;
      return next;
    end if;
  end loop;
  ignored := set_config('role', 'none', true);
  if exists (select 1 from pg_prepared_statements where name = 'stack_realtime_rls') then
    deallocate stack_realtime_rls;
  end if;
end
$$;

revoke all on function realtime.stack_image_check_sql(oid, text) from public;
revoke all on function realtime.stack_visible(text, oid, jsonb, bigint[], text[], text[], text[], text[]) from public;
