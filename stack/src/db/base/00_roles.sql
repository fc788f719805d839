-- The roles the Supabase platform provides (supabase/postgres init scripts).
-- Roles are cluster-wide, so each is created only when missing.
do $$
declare
  r record;
begin
  for r in select * from (values
    ('anon',                    'nologin noinherit'),
    ('authenticated',           'nologin noinherit'),
    ('service_role',            'nologin noinherit bypassrls'),
    ('authenticator',           'login noinherit'),
    ('supabase_admin',          'login superuser createdb createrole replication bypassrls'),
    ('supabase_auth_admin',     'login noinherit createrole'),
    ('supabase_storage_admin',  'login noinherit createrole'),
    ('supabase_realtime_admin', 'nologin noinherit'),
    ('supabase_functions_admin','login noinherit createrole'),
    ('dashboard_user',          'nologin createrole createdb replication'),
    ('pgbouncer',               'login')
  ) as t(name, opts)
  loop
    if not exists (select 1 from pg_roles where rolname = r.name) then
      execute format('create role %I %s', r.name, r.opts);
    end if;
  end loop;
end
$$;

-- Local passwords are the CLI's: every login role uses the database password.
alter role authenticator with password 'postgres';
alter role supabase_admin with password 'postgres';
alter role supabase_auth_admin with password 'postgres';
alter role supabase_storage_admin with password 'postgres';
alter role supabase_functions_admin with password 'postgres';

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;
grant supabase_auth_admin, supabase_storage_admin to postgres;

-- PostgREST's role-level settings on hosted Supabase.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
