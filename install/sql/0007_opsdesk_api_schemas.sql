-- Opsdesk upgrade 0007 (docs/any-project.md, "Which schemas are exposed"): the schemas the
-- project's Data API serves, as the tooling that knows them records them. Neither the CLI nor
-- hosted Supabase keeps `[api] schemas` in the database (PostgREST gets it from its own
-- configuration), so where the database held no `pgrst.db_schemas` the install guessed: every
-- schema `authenticated` may use that holds a relation the API roles were granted something on.
-- A project that keeps its tables in a private schema and serves them through functions in
-- `public` (basejump's `basejump` schema, left out of its `[api] schemas`) had every table of
-- that schema described, and every list answered PGRST106 "Invalid schema". Now
-- `npm start -- --project-dir` (and every local path that starts the stack on a folder)
-- records config.toml's list with opsdesk.set_api_schemas(), and exposed_schemas() prefers
-- it to the guess; PostgREST's in-database `pgrst.db_schemas` still wins over both, as it does
-- in PostgREST.

alter table opsdesk.state add column api_schemas text[];

-- The exposed schemas the console considers, platform ones left out, public first: the API's
-- own list where the database holds it (`pgrst.db_schemas` on the authenticator role), else the
-- list recorded from the project's `[api] schemas` (set_api_schemas), else `public` and every
-- schema `authenticated` may use that holds a relation the API roles were granted anything on.
-- Security definer: it reads opsdesk.state, which only its owner reads; what it returns is
-- schema names describe() shows anyway.
create or replace function opsdesk.exposed_schemas() returns text[]
language plpgsql stable security definer set search_path = '' as $$
declare
  configured text[] := coalesce((
    select string_to_array(replace(substr(c.setting, length('pgrst.db_schemas=') + 1), ' ', ''), ',')
    from pg_catalog.pg_db_role_setting s
    join pg_catalog.pg_roles r on r.oid = s.setrole and r.rolname = 'authenticator'
    cross join lateral unnest(s.setconfig) c(setting)
    where s.setdatabase in (0, (select d.oid from pg_catalog.pg_database d where d.datname = pg_catalog.current_database()))
      and c.setting like 'pgrst.db\_schemas=%'
    order by s.setdatabase desc
    limit 1), (select st.api_schemas from opsdesk.state st));
begin
  return (
    select coalesce(array_agg(n.nspname::text order by n.nspname <> 'public', n.nspname), '{}')
    from pg_catalog.pg_namespace n
    where not opsdesk.is_system_schema(n.nspname)
      and pg_catalog.has_schema_privilege('authenticated', n.oid, 'usage')
      and case when configured is not null then n.nspname = any (configured)
               else n.nspname = 'public' or exists (
                 select 1 from pg_catalog.pg_class c
                 where c.relnamespace = n.oid and c.relkind in ('r', 'p', 'v', 'm', 'f')
                   and (pg_catalog.has_table_privilege('authenticated', c.oid, 'select, insert, update, delete')
                        or pg_catalog.has_table_privilege('anon', c.oid, 'select, insert, update, delete')
                        or pg_catalog.has_any_column_privilege('authenticated', c.oid, 'select, insert, update'))) end);
end
$$;

-- Records the schemas the project's Data API serves (config.toml's `[api] schemas`; on hosted
-- Supabase, Project Settings → Data API → Exposed schemas); null forgets them (the guess
-- again). Consoles refresh their describe() through the schema version. The tables the install
-- took on by its guess (managed_by null) in a schema that is not exposed are given back as they
-- were (unmanage_table: Opsdesk's policies, triggers and grants removed), since the install
-- would not have taken them had it known; a table an admin chose to manage stays managed and is
-- described no more until its schema is exposed.
create function opsdesk.set_api_schemas(schemas text[]) returns text[]
language plpgsql volatile security definer set search_path = '' as $$
declare
  cleaned text[] := (select array_agg(distinct btrim(s) order by btrim(s)) from unnest(schemas) s where btrim(s) <> '');
  exposed text[];
  t record;
begin
  perform opsdesk.require_admin();
  update opsdesk.state st set api_schemas = cleaned, version = st.version + 1
  where st.api_schemas is distinct from cleaned;
  exposed := opsdesk.exposed_schemas();
  for t in
    select m.schema_name, m.table_name from opsdesk.managed_tables m
    where m.managed_by is null and m.schema_name <> 'opsdesk' and m.schema_name <> all (exposed)
    order by 1, 2
  loop
    perform opsdesk.unmanage_table(t.schema_name, t.table_name);
  end loop;
  return exposed;
end
$$;

revoke all on function opsdesk.set_api_schemas(text[]) from public, anon, authenticated;
grant execute on function opsdesk.exposed_schemas() to authenticated, service_role;
grant execute on function opsdesk.set_api_schemas(text[]) to service_role;

insert into opsdesk.installed (version, name) values ('0007', 'opsdesk_api_schemas');
