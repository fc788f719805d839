-- Opsdesk upgrade 0005 (docs/any-project.md, "Grants"): a privilege the project grants
-- `authenticated` on some columns only counts as held. A project that lets its app insert or
-- update only chosen columns (`grant insert (name, email) on t to authenticated`, the demo
-- store's way of keeping keys, versions and timestamps the database's) was read by
-- manage_table as lacking the privilege: Opsdesk granted it on the whole table and fenced it
-- with its restrictive "operators only" policy, so every insert of an app user (and of anyone
-- not yet an operator) failed with 42501 "permission denied for table", though it had worked
-- before the install. Such a privilege is now the project's: Opsdesk grants nothing, adds no
-- fence, and operators write the columns the project lets its API write, as app users do.
-- Tables an older install managed that way are repaired below: the whole-table grant is taken
-- back, the fence dropped, the operator policy asks the matrix again.

-- Whether `authenticated` holds a privilege on the table or, for select, insert and update, on
-- at least one of its columns (what the API can then reach).
create function opsdesk.authenticated_holds(rel oid, priv text) returns boolean
language sql stable set search_path = '' as $$
  select pg_catalog.has_table_privilege('authenticated', rel, priv)
      or (priv in ('select', 'insert', 'update') and pg_catalog.has_any_column_privilege('authenticated', rel, priv))
$$;
revoke all on function opsdesk.authenticated_holds(oid, text) from public, anon, authenticated;

create or replace function opsdesk.manage_table(schema_name text, table_name text, allow_without_rls boolean default false)
returns jsonb
language plpgsql volatile security definer set search_path = '' set client_min_messages = warning as $$
declare
  rel oid := opsdesk.relation(schema_name, table_name);
  c record;
  target text := format('%I.%I', schema_name, table_name);
  is_view boolean;
  guarded boolean;
  privs text[];
  priv text;
  granted text[] := '{}';
  restricted text[] := '{}';
  known record;
  seq record;
  cmd text;
  can_expr text;
begin
  perform opsdesk.require_admin();
  select c2.relkind, c2.relrowsecurity, c2.relowner, n.nspname, coalesce(c2.reloptions, '{}') as options into c
  from pg_catalog.pg_class c2 join pg_catalog.pg_namespace n on n.oid = c2.relnamespace where c2.oid = rel;
  if opsdesk.is_system_schema(c.nspname) then
    perform opsdesk.fail('OPSDESK_NOT_MANAGEABLE', format('%s is in a schema of the platform and cannot be managed.', target));
  end if;
  if c.relkind = 'f' then
    perform opsdesk.fail('OPSDESK_NOT_MANAGEABLE', format('%s is a foreign table and cannot be managed.', target));
  end if;
  if not pg_catalog.pg_has_role(current_user, c.relowner, 'usage') then
    perform opsdesk.fail('OPSDESK_NOT_OWNER',
      format('%s belongs to %s; Opsdesk (as %s) cannot add its policies and trigger.', target, c.relowner::regrole, current_user),
      format('Run as that role: alter table %s owner to %s; then manage it again.', target, current_user));
  end if;
  is_view := c.relkind in ('v', 'm');
  -- A view carries no policies: a privilege granted on it reaches every signed-in user (through
  -- its tables' RLS when it is security_invoker), so it needs the admin's decision too.
  guarded := not is_view and c.relrowsecurity;
  privs := case when is_view then array['select'] else array['select', 'insert', 'update', 'delete'] end;
  select * into known from opsdesk.managed_tables m where m.relid = rel;

  -- Privileges `authenticated` lacks on the table and on every column (or that Opsdesk granted
  -- before: still Opsdesk's).
  foreach priv in array privs loop
    if not opsdesk.authenticated_holds(rel, priv) or priv = any (coalesce(known.granted, '{}')) then
      granted := granted || priv;
    end if;
  end loop;
  if cardinality(granted) > 0 and not guarded and not allow_without_rls then
    perform opsdesk.fail('OPSDESK_RLS_OFF',
      format('%s has no row level security: granting %s to authenticated would open it to every signed-in user.',
             target, array_to_string(granted, ', ')),
      opsdesk.exposure(rel)::text);
  end if;

  foreach priv in array granted loop
    execute format('grant %s on %s to authenticated', priv, target);
  end loop;
  if 'insert' = any (granted) then
    -- Identity and serial columns need their sequence.
    for seq in
      select s.oid from pg_catalog.pg_depend d join pg_catalog.pg_class s on s.oid = d.objid and s.relkind = 'S'
      where d.refobjid = rel and d.deptype in ('a', 'i')
    loop
      if not pg_catalog.has_sequence_privilege('authenticated', seq.oid, 'usage') then
        execute format('grant usage on sequence %s to authenticated', seq.oid::regclass);
      end if;
    end loop;
  end if;

  perform opsdesk.remove_hooks(rel);
  if not is_view then
    -- Permissive operator policies.
    for cmd, can_expr in select * from (values
      ('select', format('(select opsdesk.can_rel(%s::oid, ''list'')) or (select opsdesk.can_rel(%s::oid, ''show''))', rel, rel)),
      ('insert', format('(select opsdesk.can_rel(%s::oid, ''create''))', rel)),
      ('update', format('(select opsdesk.can_rel(%s::oid, ''edit''))', rel)),
      ('delete', format('(select opsdesk.can_rel(%s::oid, ''delete''))', rel))) v(cmd, expr)
    loop
      if not c.relrowsecurity then
        continue;
      end if;
      -- Where the privilege is Opsdesk's own, its policies raise the error anyone else met before
      -- (the permissive one too: whichever Postgres evaluates first decides).
      if cmd = any (granted) then
        can_expr := format('(select opsdesk.guard(%s::oid, %L))', rel, cmd);
      end if;
      execute format('create policy %I on %s as permissive for %s to authenticated %s', 'opsdesk: operators ' || cmd, target, cmd,
        case cmd when 'select' then format('using (%s)', can_expr)
                 when 'insert' then format('with check (%s)', can_expr)
                 when 'update' then format('using (%1$s) with check (%1$s)', can_expr)
                 else format('using (%s)', can_expr) end);
      -- A privilege Opsdesk granted reaches operators only; anyone else meets the error they met before.
      if cmd = any (granted) then
        execute format('create policy %I on %s as restrictive for %s to authenticated %s', 'opsdesk: operators only ' || cmd,
          target, cmd,
          case cmd when 'insert' then format('with check (%s)', can_expr)
                   when 'update' then format('using (%1$s) with check (%1$s)', can_expr)
                   else format('using (%s)', can_expr) end);
        restricted := restricted || cmd;
      end if;
    end loop;
  end if;

  insert into opsdesk.managed_tables as m (schema_name, table_name, relid, allow_without_rls, granted, restricted, managed_by)
  values (manage_table.schema_name, manage_table.table_name, rel, manage_table.allow_without_rls and not guarded,
          granted, restricted, auth.uid())
  on conflict on constraint managed_tables_pkey do update
    set relid = excluded.relid, allow_without_rls = m.allow_without_rls or excluded.allow_without_rls,
        granted = excluded.granted, restricted = excluded.restricted;

  if not is_view then
    perform opsdesk.audit_hooks(rel);
  end if;

  -- The default matrix (docs/any-project.md): admin everything, editor all but delete,
  -- viewer reads and exports; views are read-only.
  insert into opsdesk.permissions (role, schema_name, table_name, action)
  select r.role, manage_table.schema_name, manage_table.table_name, a
  from (values
    ('admin', array['list', 'show', 'create', 'edit', 'delete', 'export', 'import']),
    ('editor', array['list', 'show', 'create', 'edit', 'export', 'import']),
    ('viewer', array['list', 'show', 'export'])) r(role, actions)
  cross join lateral unnest(r.actions) a
  where not is_view or a in ('list', 'show', 'export')
  on conflict do nothing;

  perform opsdesk.bump_version();
  return jsonb_build_object('schema', schema_name, 'table', table_name, 'granted', to_jsonb(granted),
                            'restricted', to_jsonb(restricted), 'rls', c.relrowsecurity, 'exposure', opsdesk.exposure(rel));
end
$$;

-- Tables an older install managed: a privilege it granted on the whole table where the
-- project grants `authenticated` columns of it goes back to the project's. Only a column grant
-- made to `authenticated` itself (or to PUBLIC) counts, read from the columns' own ACLs, since
-- Opsdesk's whole-table grant makes every column readable by the privilege functions.
-- (Revoking a table's privilege takes the columns' grants of it along, so they are written
-- again; a grant option on them is not kept.)
do $$
declare
  m record;
  priv text;
  target text;
  can_expr text;
  cols text[];
begin
  for m in
    select t.schema_name, t.table_name, t.relid, t.granted, t.restricted
    from opsdesk.managed_tables t join pg_catalog.pg_class c on c.oid = t.relid
    where c.relkind in ('r', 'p') and c.relrowsecurity
  loop
    target := format('%I.%I', m.schema_name, m.table_name);
    foreach priv in array m.granted loop
      continue when priv not in ('select', 'insert', 'update') or not exists (
        select from pg_catalog.pg_attribute a cross join lateral pg_catalog.aclexplode(a.attacl) x
        where a.attrelid = m.relid and a.attnum > 0 and not a.attisdropped
          and x.grantee in (0, 'authenticated'::regrole) and x.privilege_type = upper(priv));
      -- Revoking the table's privilege revokes the columns' too: they are granted again.
      cols := array(
        select format('%I', a.attname)
        from pg_catalog.pg_attribute a cross join lateral pg_catalog.aclexplode(a.attacl) x
        where a.attrelid = m.relid and a.attnum > 0 and not a.attisdropped
          and x.grantee = 'authenticated'::regrole and x.privilege_type = upper(priv)
        order by a.attnum);
      execute format('revoke %s on %s from authenticated', priv, target);
      if cardinality(cols) > 0 then
        execute format('grant %s (%s) on %s to authenticated', priv, array_to_string(cols, ', '), target);
      end if;
      execute format('drop policy if exists %I on %s', 'opsdesk: operators only ' || priv, target);
      execute format('drop policy if exists %I on %s', 'opsdesk: operators ' || priv, target);
      can_expr := case priv
        when 'select' then format('(select opsdesk.can_rel(%1$s::oid, ''list'')) or (select opsdesk.can_rel(%1$s::oid, ''show''))', m.relid)
        when 'insert' then format('(select opsdesk.can_rel(%s::oid, ''create''))', m.relid)
        else format('(select opsdesk.can_rel(%s::oid, ''edit''))', m.relid) end;
      execute format('create policy %I on %s as permissive for %s to authenticated %s', 'opsdesk: operators ' || priv, target, priv,
        case priv when 'select' then format('using (%s)', can_expr)
                  when 'insert' then format('with check (%s)', can_expr)
                  else format('using (%1$s) with check (%1$s)', can_expr) end);
      update opsdesk.managed_tables t
      set granted = array_remove(t.granted, priv), restricted = array_remove(t.restricted, priv)
      where t.relid = m.relid;
      perform opsdesk.bump_version();
    end loop;
  end loop;
end
$$;

insert into opsdesk.installed (version, name) values ('0005', 'opsdesk_column_grants');
