-- The role-level search_paths of Supabase's Postgres image (its post-setup init script):
-- supabase_admin also sees `auth`, and the auth and storage admins work in their own
-- schema. postgres keeps "$user", public, extensions (base 10), which is what each
-- migration file starts from after the migration runner's RESET ALL (docs/migrations.md).
alter role supabase_admin set search_path = "$user", public, auth, extensions;
alter role supabase_auth_admin set search_path = auth;
alter role supabase_storage_admin set search_path = storage;
