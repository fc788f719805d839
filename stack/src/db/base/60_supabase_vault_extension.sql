-- The vault objects an older base 53 made without the extension become the
-- supabase_vault extension's, in place: no secret is copied or lost, and
-- `create extension if not exists supabase_vault` in a project's migration is the no-op
-- it is on hosted Supabase.
do $$
begin
  if exists (select from pg_extension where extname = 'supabase_vault') then
    return;
  end if;
  create extension supabase_vault version 'adopt';
  alter extension supabase_vault add table vault.secrets;
  alter extension supabase_vault add view vault.decrypted_secrets;
  alter extension supabase_vault add function vault.create_secret(text, text, text, uuid);
  alter extension supabase_vault add function vault.update_secret(uuid, text, text, text, uuid);
  alter extension supabase_vault update to '0.3.1';
end
$$;
