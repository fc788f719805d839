-- Opsdesk install 0004 (opsdesk_extension_equality), written by `npm run opsdesk -- init`.
-- Do not edit: a later init adds upgrades as new files. See Opsdesk's docs/any-project.md.

-- Opsdesk upgrade 0004 (docs/any-project.md, "The audit log"): an audit trigger compares a
-- column whose type's `=` an extension defines (pgvector's vector, citext, …) with that operator
-- spelt with its schema. The trigger functions run with an empty search_path, where `o.x is
-- distinct from n.x` finds no `=` for such a type: every update of a managed table with an
-- embedding column failed with 42883 "operator does not exist: extensions.vector =
-- extensions.vector" (found trying chatbot-ui's project by hand). The same holds for a key of
-- such a type in the join of old and new rows. Every managed table's trigger function is
-- written again with the new statements.

-- The `=` of a type (a domain's base type) that a schema other than pg_catalog defines, as
-- `operator(<schema>.=)`; null when pg_catalog's own operators serve it.
create function opsdesk.equality_operator(typ oid) returns text
language sql stable set search_path = '' as $$
  select format('operator(%I.=)', n.nspname)
  from pg_catalog.pg_operator o join pg_catalog.pg_namespace n on n.oid = o.oprnamespace
  where o.oprname = '=' and o.oprleft = typ and o.oprright = typ and n.nspname <> 'pg_catalog'
  order by n.nspname
  limit 1
$$;

create or replace function opsdesk.audit_sql(rel oid, op text, params text[] default array['$1', '$2', '$3', '$4'],
                                  into_target text default null) returns text
language plpgsql stable set search_path = '' set plan_cache_mode = force_generic_plan as $$
declare
  into_clause text := coalesce(' into ' || into_target, '');
  keys text[] := opsdesk.key_columns(rel);
  excluded text[] := opsdesk.audit_excluded(rel);
  strip text := case when cardinality(excluded) > 0 then format(' - %L::text[]', excluded) else '' end;
  new_key text[] := opsdesk.key_sql(keys, 'n');
  old_key text[] := opsdesk.key_sql(keys, 'o');
  kept text[];
  differs text;
  changed text;
  logged_keys text := case when cardinality(keys) > 0
                           then format('select jsonb_agg(record_key)%s from (select record_key from logged limit 101) x', into_clause)
                           else format('select case when exists (select from logged) then ''null''::jsonb end%s', into_clause) end;
begin
  if op in ('INSERT', 'DELETE') then
    return format(
      'with logged as (
         insert into opsdesk.audit_log (actor_id, actor_email, schema_name, table_name, record_id, record_key, action, old, new)
         select %8$s, %1$s, %2$s, %3$L, %4$s, %5$s from %6$s n
         returning record_key)
       %7$s',
      new_key[2], new_key[1], op,
      case op when 'DELETE' then 'to_jsonb(n)' || strip else 'null' end,
      case op when 'INSERT' then 'to_jsonb(n)' || strip else 'null' end,
      case op when 'INSERT' then 'new_rows' else 'old_rows' end, logged_keys, array_to_string(params, ', '));
  end if;
  select array_agg(c.name order by c.name),
         string_agg(c.differs, ' or ' order by c.name),
         string_agg(format('case when %s then %L end', c.differs, c.name), ', ' order by c.name)
  into kept, differs, changed
  from (
    select a.attname::text as name,
           format(case when bt.typcategory <> 'A' and opsdesk.equality_operator(bt.oid) is not null
                         then 'coalesce(not (o.%1$I %2$s n.%1$I), (o.%1$I is null) <> (n.%1$I is null))'
                       when ct.typtype in ('e', 'r', 'm')
                         or (ct.typtype <> 'c' and exists (
                               select 1 from pg_catalog.pg_opclass oc join pg_catalog.pg_am am on am.oid = oc.opcmethod
                               where oc.opcintype = ct.oid and oc.opcdefault and am.amname in ('btree', 'hash')))
                       then 'o.%1$I is distinct from n.%1$I' else 'o.%1$I::text is distinct from n.%1$I::text' end,
                  a.attname, opsdesk.equality_operator(bt.oid)) as differs
    from pg_catalog.pg_attribute a
    join pg_catalog.pg_type t on t.oid = a.atttypid
    join pg_catalog.pg_type bt on bt.oid = case when t.typtype = 'd' then t.typbasetype else t.oid end
    join pg_catalog.pg_type ct on ct.oid = case when bt.typcategory = 'A' and bt.typelem <> 0 then bt.typelem else bt.oid end
    where a.attrelid = rel and a.attnum > 0 and not a.attisdropped and not a.attname::text = any (excluded)) c;
  return format(
    'with logged as (
       insert into opsdesk.audit_log (actor_id, actor_email, schema_name, table_name, record_id, record_key, action, old, new, changed)
       select %12$s,
              case when n.%1$I is null then %2$s else %3$s end, case when n.%1$I is null then %4$s else %5$s end, ''UPDATE'',
              case when o.%1$I is not null then to_jsonb(o)%6$s end, case when n.%1$I is not null then to_jsonb(n)%6$s end,
              case when o.%1$I is null or n.%1$I is null then %7$L::text[]
                   else array_remove(array[%8$s]::text[], null) end
       from old_rows o full join new_rows n on %9$s
       where o.%1$I is null or n.%1$I is null or %10$s
       returning record_key)
     %11$s',
    keys[1], old_key[2], new_key[2], old_key[1], new_key[1], strip, coalesce(kept, '{}'), coalesce(changed, ''),
    (select string_agg(format('o.%1$I %2$s n.%1$I', k, coalesce(opsdesk.equality_operator(
              (select case when t.typtype = 'd' then t.typbasetype else t.oid end
               from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
               where a.attrelid = rel and a.attname = k)), '=')), ' and ') from unnest(keys) k),
    coalesce(differs, 'false'), logged_keys, array_to_string(params, ', '));
end
$$;


-- The managed tables' trigger functions, written again from the statements above.
select opsdesk.install_audit(m.relid)
from opsdesk.managed_tables m
join pg_catalog.pg_class c on c.oid = m.relid and c.relkind in ('r', 'p');

insert into opsdesk.installed (version, name) values ('0004', 'opsdesk_extension_equality');
