-- Opsdesk install 0010 (opsdesk_record_history), written by `npm run opsdesk -- init`.
-- Do not edit: a later init adds upgrades as new files. See Opsdesk's docs/any-project.md.

-- Opsdesk upgrade 0010: a record's History is shown to who may show the record
-- (docs/any-project.md, "The audit log").
--
-- history() ran as the caller under the audit log's policy, which lets read an entry only who
-- may list (or show) the audit log *and* show the entry's table. So an operator who may show a
-- record but not open the audit log (the built-in viewer) was offered the record's History tab
-- and told "No changes recorded yet." though its entries existed: the demo store's viewers saw
-- every record's history before it moved onto Opsdesk, and every project's operators expect the
-- changes of a record they may open. The audit log as a screen (every table's entries, any
-- actor, deleted records) stays for who may list it: its policy is unchanged.
--
-- history() now runs as the owner, after checking what the caller may see (the service role
-- and the SQL editor, trusted callers, as before):
-- * an active operator whose role may `show` the managed table, else OPSDESK_FORBIDDEN;
-- * who may read the audit log gets the record's entries as before, also of a deleted record;
-- * anyone else only if they hold SELECT on the whole table (an entry holds every column; as
--   search, the project's own grants decide), else OPSDESK_FORBIDDEN, and only while the
--   record is there and not hidden from them by the table's own
--   RESTRICTIVE select policies (Opsdesk's permissive policy lets such an operator read every
--   other row; search_where adds the same expressions), so a row the project hides from them
--   never shows its values through its history. A record they cannot see answers no entries,
--   as a record without any.

-- The table's own restrictive select policies that apply to `authenticated`, as one condition
-- on alias t (true without RLS or without such policies).
create function opsdesk.restrictive_select_sql(rel oid) returns text
language sql stable set search_path = '' as $$
  select case when not (select c.relrowsecurity from pg_catalog.pg_class c where c.oid = rel) then 'true'
              else coalesce((
                select string_agg(format('(%s)', pg_catalog.pg_get_expr(p.polqual, p.polrelid)), ' and ')
                from pg_catalog.pg_policy p
                where p.polrelid = rel and not p.polpermissive and p.polcmd in ('r', '*') and p.polqual is not null
                  and (0 = any (p.polroles) or 'authenticated'::regrole::oid = any (p.polroles))), 'true') end
$$;

create or replace function opsdesk.history(schema_name text, table_name text, key jsonb, page_limit int default 50,
                                           before_id bigint default null)
returns setof opsdesk.audit_log
language plpgsql stable security definer set search_path = '' as $$
declare
  rel oid := opsdesk.managed_relid(schema_name, table_name);
  key_columns text[] := opsdesk.key_columns(rel);
  normalised jsonb;
  wanted text;
  visible boolean;
  trusted boolean;
begin
  trusted := opsdesk.is_trusted_caller();
  if not trusted then
    perform opsdesk.require_can(schema_name, table_name, 'show');
  end if;
  if cardinality(key_columns) = 0 then
    perform opsdesk.fail('OPSDESK_NO_KEY', format('%s.%s has no primary key: its entries cannot be told apart.', schema_name, table_name));
  end if;
  if jsonb_typeof(key) is distinct from 'object' or exists (select from unnest(key_columns) k where key ->> k is null) then
    perform opsdesk.fail('OPSDESK_KEY_MISSING', format('The key needs %s.', array_to_string(key_columns, ', ')));
  end if;
  normalised := (opsdesk.normalised_keys(rel, key_columns, jsonb_build_array(key)))[1];
  wanted := opsdesk.record_id(normalised);
  if not (trusted or opsdesk.can('opsdesk', 'audit_log', 'list') or opsdesk.can('opsdesk', 'audit_log', 'show')) then
    -- An entry holds every column of the row: only for who may read the whole row.
    if not pg_catalog.has_table_privilege(opsdesk.caller_role(), rel, 'select') then
      perform opsdesk.fail('OPSDESK_FORBIDDEN', 'You don''t have permission to do that.');
    end if;
    -- The row by its key (the key's index serves it), under the table's restrictive policies.
    -- (The key comes from a subquery, so the policies' bare column names can only mean t's.)
    execute format('select exists (select from %1$s t where (%2$s) = (select %3$s from jsonb_populate_record(null::%1$s, $1) k) and %4$s)',
                   rel::regclass,
                   (select string_agg(format('t.%I', c), ', ') from unnest(key_columns) c),
                   (select string_agg(format('k.%I', c), ', ') from unnest(key_columns) c),
                   opsdesk.restrictive_select_sql(rel))
      into visible using normalised;
    if not visible then
      return;
    end if;
  end if;
  return query
    select l.* from opsdesk.audit_log l
    where l.schema_name = history.schema_name and l.table_name = history.table_name and l.record_id = wanted
      and (before_id is null or l.id < before_id)
    order by l.at desc, l.id desc
    limit least(greatest(coalesce(page_limit, 50), 1), 500);
end
$$;

revoke all on function opsdesk.restrictive_select_sql(oid) from public, anon, authenticated, service_role;
revoke all on function opsdesk.history(text, text, jsonb, int, bigint) from public, anon;
grant execute on function opsdesk.history(text, text, jsonb, int, bigint) to authenticated, service_role;

insert into opsdesk.installed (version, name) values ('0010', 'opsdesk_record_history');
