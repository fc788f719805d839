-- What of pgsodium works without libsodium, written for the local stack: the key table
-- and create_key (raw keys made with pgcrypto's random bytes), randombytes_* and the
-- key/nonce generators. Hosted projects used pgsodium for Vault, which the stack's
-- supabase_vault provides without it. The ciphers (crypto_aead_det_*, crypto_secretbox*,
-- crypto_box*, crypto_sign*) are libsodium's native code: calling one fails saying so.

create type key_status as enum ('default', 'valid', 'invalid', 'expired');
create type key_type as enum ('aead-ietf', 'aead-det', 'hmacsha512', 'hmacsha256', 'auth', 'shorthash',
                              'generichash', 'kdf', 'secretbox', 'secretstream', 'stream_xchacha20');

create table key (
  id uuid primary key default gen_random_uuid(),
  status key_status default 'valid',
  created timestamptz not null default current_timestamp,
  expires timestamptz,
  key_type key_type,
  key_id bigserial,
  key_context bytea default 'pgsodium',
  name text unique,
  associated_data text default 'associated',
  raw_key bytea,
  raw_key_nonce bytea,
  parent_key uuid references key (id),
  comment text,
  user_data text
);

create view valid_key as
  select id, name, status, key_type, key_id, key_context, created, expires, associated_data
  from key where status in ('valid', 'default') and (expires is null or expires > now());

create function randombytes_buf(size integer) returns bytea language sql volatile as $$
  select @extschema:pgcrypto@.gen_random_bytes(size)
$$;
create function randombytes_random() returns integer language sql volatile as $$
  select ('x' || encode(@extschema:pgcrypto@.gen_random_bytes(4), 'hex'))::bit(32)::integer
$$;
create function randombytes_uniform(upper_bound integer) returns integer language sql volatile as $$
  select floor(random() * upper_bound)::integer
$$;
create function crypto_secretbox_keygen() returns bytea language sql volatile as $$ select pgsodium.randombytes_buf(32) $$;
create function crypto_secretbox_noncegen() returns bytea language sql volatile as $$ select pgsodium.randombytes_buf(24) $$;
create function crypto_aead_det_keygen() returns bytea language sql volatile as $$ select pgsodium.randombytes_buf(32) $$;
create function crypto_aead_det_noncegen() returns bytea language sql volatile as $$ select pgsodium.randombytes_buf(16) $$;
create function crypto_aead_ietf_keygen() returns bytea language sql volatile as $$ select pgsodium.randombytes_buf(32) $$;

create function create_key(
  key_type key_type default 'aead-det', name text default null, raw_key bytea default null,
  raw_key_nonce bytea default null, parent_key uuid default null, key_context bytea default 'pgsodium',
  expires timestamptz default null, associated_data text default ''
) returns valid_key language sql volatile as $$
  with made as (
    insert into pgsodium.key (key_type, name, raw_key, raw_key_nonce, parent_key, key_context, expires, associated_data)
    values (key_type, name, coalesce(raw_key, pgsodium.randombytes_buf(32)), raw_key_nonce, parent_key, key_context,
            expires, associated_data)
    returning *
  )
  select id, name, status, key_type, key_id, key_context, created, expires, associated_data from made
$$;

create function _needs_libsodium(fn text) returns void language plpgsql as $$
begin
  raise exception using errcode = 'feature_not_supported',
    message = format('pgsodium.%s needs libsodium, native code the local stack cannot load', fn),
    hint = 'use supabase_vault for secrets and pgcrypto (pgp_sym_encrypt, hmac) for encryption';
end
$$;

create function crypto_aead_det_encrypt(message bytea, additional bytea, key_uuid uuid, nonce bytea default null)
returns bytea language plpgsql as $$ begin perform pgsodium._needs_libsodium('crypto_aead_det_encrypt'); return null; end $$;
create function crypto_aead_det_decrypt(message bytea, additional bytea, key_uuid uuid, nonce bytea default null)
returns bytea language plpgsql as $$ begin perform pgsodium._needs_libsodium('crypto_aead_det_decrypt'); return null; end $$;
create function crypto_aead_ietf_encrypt(message bytea, additional bytea, nonce bytea, key bytea)
returns bytea language plpgsql as $$ begin perform pgsodium._needs_libsodium('crypto_aead_ietf_encrypt'); return null; end $$;
create function crypto_aead_ietf_decrypt(message bytea, additional bytea, nonce bytea, key bytea)
returns bytea language plpgsql as $$ begin perform pgsodium._needs_libsodium('crypto_aead_ietf_decrypt'); return null; end $$;
create function crypto_secretbox(message bytea, nonce bytea, key bytea)
returns bytea language plpgsql as $$ begin perform pgsodium._needs_libsodium('crypto_secretbox'); return null; end $$;
create function crypto_secretbox_open(ciphertext bytea, nonce bytea, key bytea)
returns bytea language plpgsql as $$ begin perform pgsodium._needs_libsodium('crypto_secretbox_open'); return null; end $$;
create function crypto_box_new_keypair(out public bytea, out secret bytea)
language plpgsql as $$ begin perform pgsodium._needs_libsodium('crypto_box_new_keypair'); end $$;
create function crypto_sign_new_keypair(out public bytea, out secret bytea)
language plpgsql as $$ begin perform pgsodium._needs_libsodium('crypto_sign_new_keypair'); end $$;
create function crypto_generichash(message bytea, key bytea default null)
returns bytea language plpgsql as $$ begin perform pgsodium._needs_libsodium('crypto_generichash'); return null; end $$;
