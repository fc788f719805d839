-- The stack's plv8 3.1.10: the language, its handlers (plv8/plv8.c) and plv8's info
-- functions. The JavaScript runs in the stack's sandbox (plv8/runtime.ts).
CREATE FUNCTION plv8_call_handler() RETURNS language_handler AS 'MODULE_PATHNAME' LANGUAGE C;
CREATE FUNCTION plv8_inline_handler(internal) RETURNS void AS 'MODULE_PATHNAME' LANGUAGE C;
CREATE FUNCTION plv8_call_validator(oid) RETURNS void AS 'MODULE_PATHNAME' LANGUAGE C;
CREATE TRUSTED LANGUAGE plv8 HANDLER plv8_call_handler INLINE plv8_inline_handler VALIDATOR plv8_call_validator;

CREATE FUNCTION plv8_version() RETURNS text AS $$ return '3.1.10'; $$ LANGUAGE plv8 IMMUTABLE STRICT;
CREATE FUNCTION plv8_info() RETURNS json AS $$
  return [{ user: plv8.execute('select current_user as u')[0].u, engine: 'opsdesk-stack sandbox (QuickJS)' }];
$$ LANGUAGE plv8;
