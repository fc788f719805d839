-- The stack's pgsql-http 1.6: pgsql-http's SQL surface (types, http(), the verb helpers,
-- curl options, urlencode) over the stack's C library (http/http.c), which hands each
-- request to the running stack. @extschema@ is where `create extension` put it.

CREATE DOMAIN @extschema@.http_method AS text;
CREATE DOMAIN @extschema@.content_type AS text CHECK (VALUE ~ '^\S+\/\S+');
CREATE TYPE @extschema@.http_header AS (field varchar, value varchar);
CREATE TYPE @extschema@.http_response AS (status integer, content_type varchar, headers @extschema@.http_header[], content varchar);
CREATE TYPE @extschema@.http_request AS (method @extschema@.http_method, uri varchar, headers @extschema@.http_header[], content_type varchar, content varchar);

CREATE FUNCTION @extschema@.http_set_curlopt(curlopt varchar, value varchar) RETURNS boolean
  AS 'MODULE_PATHNAME', 'http_set_curlopt' LANGUAGE C VOLATILE;
CREATE FUNCTION @extschema@.http_reset_curlopt() RETURNS boolean
  AS 'MODULE_PATHNAME', 'http_reset_curlopt' LANGUAGE C VOLATILE;
CREATE FUNCTION @extschema@._http_curlopts() RETURNS text[]
  AS 'MODULE_PATHNAME', 'http_curlopts' LANGUAGE C VOLATILE;
CREATE FUNCTION @extschema@.http_list_curlopt() RETURNS TABLE (curlopt text, value text)
  LANGUAGE sql VOLATILE
  AS $$ SELECT o[i], o[i + 1] FROM (SELECT @extschema@._http_curlopts() AS o) s, generate_series(1, coalesce(array_length(o, 1), 0), 2) AS i $$;

CREATE FUNCTION @extschema@._http_perform(method text, uri text, header_names text[], header_values text[], content_type text, content text)
  RETURNS text[] AS 'MODULE_PATHNAME', 'http_perform' LANGUAGE C VOLATILE;

CREATE FUNCTION @extschema@.http_header(field varchar, value varchar) RETURNS @extschema@.http_header
  LANGUAGE sql AS $$ SELECT $1, $2 $$;

CREATE FUNCTION @extschema@.http(request @extschema@.http_request) RETURNS @extschema@.http_response
  LANGUAGE sql VOLATILE
  AS $$
    SELECT ROW(r[1]::integer, r[2],
               (SELECT coalesce(array_agg(ROW(r[i], r[i + 1])::@extschema@.http_header ORDER BY i), '{}')
                  FROM generate_series(4, array_length(r, 1), 2) AS i),
               r[3])::@extschema@.http_response
      FROM (SELECT @extschema@._http_perform(
              ($1).method, ($1).uri,
              (SELECT array_agg(h.field ORDER BY n) FROM unnest(($1).headers) WITH ORDINALITY AS h(field, value, n)),
              (SELECT array_agg(h.value ORDER BY n) FROM unnest(($1).headers) WITH ORDINALITY AS h(field, value, n)),
              ($1).content_type, ($1).content) AS r) AS performed
  $$;

CREATE FUNCTION @extschema@.http_get(uri varchar) RETURNS @extschema@.http_response
  LANGUAGE sql VOLATILE AS $$ SELECT @extschema@.http(('GET', $1, NULL, NULL, NULL)::@extschema@.http_request) $$;
CREATE FUNCTION @extschema@.http_post(uri varchar, content varchar, content_type varchar) RETURNS @extschema@.http_response
  LANGUAGE sql VOLATILE AS $$ SELECT @extschema@.http(('POST', $1, NULL, $3, $2)::@extschema@.http_request) $$;
CREATE FUNCTION @extschema@.http_put(uri varchar, content varchar, content_type varchar) RETURNS @extschema@.http_response
  LANGUAGE sql VOLATILE AS $$ SELECT @extschema@.http(('PUT', $1, NULL, $3, $2)::@extschema@.http_request) $$;
CREATE FUNCTION @extschema@.http_patch(uri varchar, content varchar, content_type varchar) RETURNS @extschema@.http_response
  LANGUAGE sql VOLATILE AS $$ SELECT @extschema@.http(('PATCH', $1, NULL, $3, $2)::@extschema@.http_request) $$;
CREATE FUNCTION @extschema@.http_delete(uri varchar) RETURNS @extschema@.http_response
  LANGUAGE sql VOLATILE AS $$ SELECT @extschema@.http(('DELETE', $1, NULL, NULL, NULL)::@extschema@.http_request) $$;
CREATE FUNCTION @extschema@.http_delete(uri varchar, content varchar, content_type varchar) RETURNS @extschema@.http_response
  LANGUAGE sql VOLATILE AS $$ SELECT @extschema@.http(('DELETE', $1, NULL, $3, $2)::@extschema@.http_request) $$;
CREATE FUNCTION @extschema@.http_head(uri varchar) RETURNS @extschema@.http_response
  LANGUAGE sql VOLATILE AS $$ SELECT @extschema@.http(('HEAD', $1, NULL, NULL, NULL)::@extschema@.http_request) $$;

CREATE FUNCTION @extschema@.urlencode(string varchar) RETURNS text
  AS 'MODULE_PATHNAME', 'urlencode' LANGUAGE C IMMUTABLE STRICT;
CREATE FUNCTION @extschema@.urlencode(string bytea) RETURNS text
  AS 'MODULE_PATHNAME', 'urlencode' LANGUAGE C IMMUTABLE STRICT;
CREATE FUNCTION @extschema@.urlencode(data jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT
  AS $$ SELECT string_agg(@extschema@.urlencode(key::varchar) || '=' || @extschema@.urlencode(value::varchar), '&') FROM jsonb_each_text($1) $$;

CREATE FUNCTION @extschema@.http_get(uri varchar, data jsonb) RETURNS @extschema@.http_response
  LANGUAGE sql VOLATILE
  AS $$ SELECT @extschema@.http(('GET', $1 || '?' || @extschema@.urlencode($2), NULL, NULL, NULL)::@extschema@.http_request) $$;
CREATE FUNCTION @extschema@.http_post(uri varchar, data jsonb) RETURNS @extschema@.http_response
  LANGUAGE sql VOLATILE
  AS $$ SELECT @extschema@.http(('POST', $1, NULL, 'application/x-www-form-urlencoded', @extschema@.urlencode($2))::@extschema@.http_request) $$;

CREATE FUNCTION @extschema@.text_to_bytea(data text) RETURNS bytea
  LANGUAGE sql IMMUTABLE STRICT AS $$ SELECT convert_to($1, current_setting('server_encoding')) $$;
CREATE FUNCTION @extschema@.bytea_to_text(data bytea) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT AS $$ SELECT convert_from($1, current_setting('server_encoding')) $$;
