-- Supabase Vault's interface (the supabase_vault extension every hosted project has in
-- schema `vault`): secrets by name, read through vault.decrypted_secrets. Locally the
-- secret is stored as given, not encrypted: the data directory is the developer's own,
-- and a project's SQL (util functions reading `project_url` and keys, as Supabase's
-- guides do) runs unchanged. Only the superuser and the service role may read it, as on
-- the platform. The base creates it (base 53); base 60 made the objects an older base
-- created into this extension.
create table vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text,
  description text not null default '',
  secret text not null,
  key_id uuid,
  nonce bytea,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index secrets_name_idx on vault.secrets (name) where name is not null;

create view vault.decrypted_secrets as
  select id, name, description, secret, secret as decrypted_secret, key_id, nonce, created_at, updated_at
  from vault.secrets;

create function vault.create_secret(
  new_secret text, new_name text default null, new_description text default '', new_key_id uuid default null
) returns uuid language sql as $$
  insert into vault.secrets (secret, name, description, key_id)
  values (new_secret, new_name, coalesce(new_description, ''), new_key_id)
  returning id
$$;

create function vault.update_secret(
  secret_id uuid, new_secret text default null, new_name text default null,
  new_description text default null, new_key_id uuid default null
) returns void language sql as $$
  update vault.secrets set
    secret = coalesce(new_secret, secret),
    name = coalesce(new_name, name),
    description = coalesce(new_description, description),
    key_id = coalesce(new_key_id, key_id),
    updated_at = now()
  where id = secret_id
$$;

revoke all on schema vault from public;
grant usage on schema vault to service_role;
grant select on vault.decrypted_secrets to service_role;
revoke all on function vault.create_secret(text, text, text, uuid), vault.update_secret(uuid, text, text, text, uuid) from public;
