-- pgjwt 0.2.0's interface, written for the local stack: HS256/HS384/HS512 tokens made
-- and checked with pgcrypto's hmac (found through @extschema:pgcrypto@ wherever pgcrypto
-- lives). verify() says a token is valid when its signature matches and, where the
-- payload has them, `exp` is in the future and `nbf` in the past.

create function url_encode(data bytea) returns text language sql immutable strict as $$
  select translate(encode(data, 'base64'), E'+/=\n', '-_')
$$;

create function url_decode(data text) returns bytea language sql immutable strict as $$
  select decode(
    rpad(translate(data, '-_', '+/'), (length(data) + 3) / 4 * 4, '='),
    'base64')
$$;

create function algorithm_sign(signables text, secret text, algorithm text) returns text
language plpgsql immutable as $$
declare
  digest text := case algorithm when 'HS256' then 'sha256' when 'HS384' then 'sha384' when 'HS512' then 'sha512' end;
begin
  if digest is null then
    raise exception using errcode = 'invalid_parameter_value',
      message = format('pgjwt: unsupported algorithm %L', algorithm),
      hint = 'use HS256, HS384 or HS512';
  end if;
  return @extschema@.url_encode(@extschema:pgcrypto@.hmac(signables, secret, digest));
end
$$;

create function sign(payload json, secret text, algorithm text default 'HS256') returns text
language sql immutable as $$
  with parts as (
    select @extschema@.url_encode(convert_to(format('{"alg":"%s","typ":"JWT"}', algorithm), 'utf8')) as header,
           @extschema@.url_encode(convert_to(payload::text, 'utf8')) as body
  )
  select header || '.' || body || '.' || @extschema@.algorithm_sign(header || '.' || body, secret, algorithm)
  from parts
$$;

create function try_cast_double(inp text) returns double precision language plpgsql immutable as $$
begin
  return inp::double precision;
exception when others then
  return null;
end
$$;

create function verify(token text, secret text, algorithm text default 'HS256')
returns table(header json, payload json, valid boolean) language sql stable as $$
  with parts as (
    select p[1] as h, p[2] as b, p[3] as s
    from (select regexp_split_to_array(token, '\.') as p) t
  ), decoded as (
    select convert_from(@extschema@.url_decode(h), 'utf8')::json as header,
           convert_from(@extschema@.url_decode(b), 'utf8')::json as payload,
           s = @extschema@.algorithm_sign(h || '.' || b, secret, algorithm) as signed
    from parts
  )
  select header, payload,
    signed
      and coalesce(to_timestamp(@extschema@.try_cast_double(payload ->> 'exp')) > now(), true)
      and coalesce(to_timestamp(@extschema@.try_cast_double(payload ->> 'nbf')) <= now(), true)
  from decoded
$$;
