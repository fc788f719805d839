-- Supabase Vault, as every hosted project has it: the supabase_vault extension in
-- schema `vault` (db/extensions/supabase_vault--0.3.1.sql holds its SQL). Databases
-- whose base 53 predates the extension got the same objects without it; base 60 makes
-- them the extension's.
create extension if not exists supabase_vault;
