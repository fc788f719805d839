-- pg_graphql's interface, written for the local stack in plpgsql (docs/extensions.md):
-- graphql.resolve(query, variables, "operationName", extensions) answers a GraphQL
-- document over the tables of the schemas on the caller's search_path that have a
-- primary key and that the caller may select from, as pg_graphql reflects them:
--   * <table>Collection(first, last, before, after, offset, filter, orderBy) with
--     edges { cursor node { columns, nodeId, __typename } }, pageInfo and totalCount;
--   * node(nodeId: ID!), __typename, fragments and inline fragments, variables;
--   * introspection (__schema, __type) of that schema.
-- Names follow the table and column names, or PascalCase types and camelCase fields
-- where the schema's comment says @graphql({"inflect_names": true}). What it cannot
-- answer (mutations, relationship fields) comes back in the GraphQL errors shape, saying
-- so, as does any invalid document. Cursors are opaque: the row's place in the order.

create function exception(message text) returns text language plpgsql as $$
begin
  raise exception using errcode = 'P0001', message = message;
end
$$;

-- The tokens of a GraphQL document (names, numbers, strings, punctuators).
create function _tokens(query text) returns text[] language plpgsql immutable as $$
declare
  tokens text[] := '{}';
  m text[];
begin
  for m in
    select regexp_matches(query,
      '([\s,]+|#[^\n]*)|("(?:[^"\\]|\\.)*")|(\.\.\.)|([!$():=@\[\]{}|&])|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|([_A-Za-z][_0-9A-Za-z]*)|(.)',
      'g')
  loop
    if m[1] is not null then
      continue;
    elsif m[7] is not null then
      perform graphql.exception(format('Syntax Error: Unexpected character %s', m[7]));
    end if;
    tokens := tokens || coalesce(m[2], m[3], m[4], m[5], m[6]);
  end loop;
  return tokens;
end
$$;

create function _expect(t text[], p int, token text) returns int language plpgsql immutable as $$
begin
  if t[p] is distinct from token then
    perform graphql.exception(format('Syntax Error: Expected %s, found %s', token, coalesce(t[p], '<EOF>')));
  end if;
  return p + 1;
end
$$;

create function _is_name(token text) returns boolean language sql immutable as $$
  select token ~ '^[_A-Za-z][_0-9A-Za-z]*$'
$$;

-- A value: {"k": "var"|"lit"|"enum"|"list"|"obj", "v": …}.
create function _parse_value(t text[], p int, out v jsonb, out n int) language plpgsql immutable as $$
declare
  item record;
  items jsonb := '[]';
  fields jsonb := '{}';
  key text;
begin
  if t[p] = '$' then
    v := jsonb_build_object('k', 'var', 'v', t[p + 1]);
    n := p + 2;
  elsif t[p] = '[' then
    n := p + 1;
    while t[n] is distinct from ']' loop
      item := graphql._parse_value(t, n);
      items := items || jsonb_build_array(item.v);
      n := item.n;
    end loop;
    v := jsonb_build_object('k', 'list', 'v', items);
    n := graphql._expect(t, n, ']');
  elsif t[p] = '{' then
    n := p + 1;
    while t[n] is distinct from '}' loop
      key := t[n];
      n := graphql._expect(t, n + 1, ':');
      item := graphql._parse_value(t, n);
      fields := fields || jsonb_build_object(key, item.v);
      n := item.n;
    end loop;
    v := jsonb_build_object('k', 'obj', 'v', fields);
    n := graphql._expect(t, n, '}');
  elsif left(t[p], 1) = '"' then
    v := jsonb_build_object('k', 'lit', 'v', t[p]::jsonb);
    n := p + 1;
  elsif t[p] ~ '^-?\d' then
    v := jsonb_build_object('k', 'lit', 'v', t[p]::jsonb);
    n := p + 1;
  elsif t[p] in ('true', 'false', 'null') then
    v := jsonb_build_object('k', 'lit', 'v', t[p]::jsonb);
    n := p + 1;
  elsif graphql._is_name(t[p]) then
    v := jsonb_build_object('k', 'enum', 'v', t[p]);
    n := p + 1;
  else
    perform graphql.exception(format('Syntax Error: Unexpected %s', coalesce(t[p], '<EOF>')));
  end if;
end
$$;

-- Arguments `(name: value …)` when t[p] opens them: {name: value AST}; none gives {}.
create function _parse_arguments(t text[], p int, out v jsonb, out n int) language plpgsql immutable as $$
declare
  item record;
begin
  v := '{}';
  n := p;
  if t[n] is distinct from '(' then
    return;
  end if;
  n := n + 1;
  while t[n] is distinct from ')' loop
    if t[n] is null then
      perform graphql.exception('Syntax Error: Expected ), found <EOF>');
    end if;
    item := graphql._parse_value(t, graphql._expect(t, n + 1, ':'));
    v := v || jsonb_build_object(t[n], item.v);
    n := item.n;
  end loop;
  n := n + 1;
end
$$;

-- Directives are read and left aside (@include/@skip are applied by _fields).
create function _parse_directives(t text[], p int, out v jsonb, out n int) language plpgsql immutable as $$
declare
  item record;
  name text;
begin
  v := '[]';
  n := p;
  while t[n] = '@' loop
    name := t[n + 1];
    item := graphql._parse_arguments(t, n + 2);
    v := v || jsonb_build_array(jsonb_build_object('name', name, 'args', item.v));
    n := item.n;
  end loop;
end
$$;

-- A selection set: [{"kind": "field"|"spread"|"inline", …}].
create function _parse_selections(t text[], p int, out v jsonb, out n int) language plpgsql immutable as $$
declare
  item record;
  dirs record;
  sel jsonb;
  alias text;
  name text;
  args jsonb;
begin
  v := '[]';
  n := graphql._expect(t, p, '{');
  while t[n] is distinct from '}' loop
    if t[n] is null then
      perform graphql.exception('Syntax Error: Expected }, found <EOF>');
    end if;
    if t[n] = '...' then
      if t[n + 1] = 'on' or t[n + 1] = '{' or t[n + 1] = '@' then
        n := n + 1;
        sel := jsonb_build_object('kind', 'inline', 'on', null);
        if t[n] = 'on' then
          sel := sel || jsonb_build_object('on', t[n + 1]);
          n := n + 2;
        end if;
        dirs := graphql._parse_directives(t, n);
        item := graphql._parse_selections(t, dirs.n);
        v := v || jsonb_build_array(sel || jsonb_build_object('directives', dirs.v, 'selections', item.v));
        n := item.n;
      else
        dirs := graphql._parse_directives(t, n + 2);
        v := v || jsonb_build_array(jsonb_build_object('kind', 'spread', 'name', t[n + 1], 'directives', dirs.v));
        n := dirs.n;
      end if;
      continue;
    end if;
    if not graphql._is_name(t[n]) then
      perform graphql.exception(format('Syntax Error: Expected Name, found %s', t[n]));
    end if;
    alias := t[n];
    name := t[n];
    n := n + 1;
    if t[n] = ':' then
      name := t[n + 1];
      n := n + 2;
    end if;
    item := graphql._parse_arguments(t, n);
    args := item.v;
    dirs := graphql._parse_directives(t, item.n);
    n := dirs.n;
    sel := jsonb_build_object('kind', 'field', 'alias', alias, 'name', name, 'args', args, 'directives', dirs.v);
    if t[n] = '{' then
      item := graphql._parse_selections(t, n);
      sel := sel || jsonb_build_object('selections', item.v);
      n := item.n;
    end if;
    v := v || jsonb_build_array(sel);
  end loop;
  n := n + 1;
end
$$;

-- {"operations": [{op, name, variables: {name: default}, selections}], "fragments": {name: {on, selections}}}.
create function _parse(query text) returns jsonb language plpgsql immutable as $$
declare
  t text[] := graphql._tokens(query);
  n int := 1;
  ops jsonb := '[]';
  frags jsonb := '{}';
  item record;
  op text;
  name text;
  vars jsonb;
  var_name text;
begin
  while t[n] is not null loop
    if t[n] = 'fragment' then
      name := t[n + 1];
      n := graphql._expect(t, n + 2, 'on');
      item := graphql._parse_selections(t, (graphql._parse_directives(t, n + 1)).n);
      frags := frags || jsonb_build_object(name, jsonb_build_object('on', t[n], 'selections', item.v));
      n := item.n;
      continue;
    end if;
    op := 'query';
    name := null;
    vars := '{}';
    if t[n] in ('query', 'mutation', 'subscription') then
      op := t[n];
      n := n + 1;
      if graphql._is_name(t[n]) then
        name := t[n];
        n := n + 1;
      end if;
      if t[n] = '(' then
        n := n + 1;
        while t[n] is distinct from ')' loop
          if t[n] is null then
            perform graphql.exception('Syntax Error: Expected ), found <EOF>');
          end if;
          n := graphql._expect(t, n, '$');
          var_name := t[n];
          n := graphql._expect(t, n + 1, ':');
          -- The type: names, brackets and bangs up to a default or the next variable.
          while t[n] is not null and t[n] not in ('=', '$', ')') loop
            n := n + 1;
          end loop;
          if t[n] = '=' then
            item := graphql._parse_value(t, n + 1);
            vars := vars || jsonb_build_object(var_name, item.v);
            n := item.n;
          else
            vars := vars || jsonb_build_object(var_name, null);
          end if;
        end loop;
        n := n + 1;
      end if;
      n := (graphql._parse_directives(t, n)).n;
    end if;
    item := graphql._parse_selections(t, n);
    ops := ops || jsonb_build_array(jsonb_build_object('op', op, 'name', name, 'variables', vars, 'selections', item.v));
    n := item.n;
  end loop;
  if jsonb_array_length(ops) = 0 then
    perform graphql.exception('Syntax Error: Unexpected <EOF>');
  end if;
  return jsonb_build_object('operations', ops, 'fragments', frags);
end
$$;

-- A value AST with the request's variables put in: plain JSON (enums as strings).
create function _value(ast jsonb, vars jsonb) returns jsonb language plpgsql immutable as $$
begin
  case ast ->> 'k'
    when 'var' then return coalesce(vars -> (ast ->> 'v'), 'null');
    when 'lit' then return ast -> 'v';
    when 'enum' then return ast -> 'v';
    when 'list' then
      return coalesce((select jsonb_agg(graphql._value(x, vars)) from jsonb_array_elements(ast -> 'v') x), '[]');
    when 'obj' then
      return coalesce((select jsonb_object_agg(e.key, graphql._value(e.value, vars)) from jsonb_each(ast -> 'v') e), '{}');
    else return 'null';
  end case;
end
$$;

-- The fields a selection set asks of `type_name`: fragments expanded, @skip/@include applied.
create function _fields(selections jsonb, type_name text, frags jsonb, vars jsonb) returns jsonb
language plpgsql immutable as $$
declare
  s jsonb;
  d jsonb;
  out jsonb := '[]';
  frag jsonb;
  keep boolean;
begin
  for s in select jsonb_array_elements(selections) loop
    keep := true;
    for d in select jsonb_array_elements(coalesce(s -> 'directives', '[]')) loop
      if d ->> 'name' = 'skip' and graphql._value(d -> 'args' -> 'if', vars) = 'true' then
        keep := false;
      elsif d ->> 'name' = 'include' and graphql._value(d -> 'args' -> 'if', vars) = 'false' then
        keep := false;
      end if;
    end loop;
    continue when not keep;
    if s ->> 'kind' = 'field' then
      out := out || jsonb_build_array(s);
    elsif s ->> 'kind' = 'inline' then
      if s ->> 'on' is null or s ->> 'on' in (type_name, 'Node') then
        out := out || graphql._fields(s -> 'selections', type_name, frags, vars);
      end if;
    else
      frag := frags -> (s ->> 'name');
      if frag is null then
        perform graphql.exception(format('Unknown fragment "%s"', s ->> 'name'));
      end if;
      if frag ->> 'on' in (type_name, 'Node') then
        out := out || graphql._fields(frag -> 'selections', type_name, frags, vars);
      end if;
    end if;
  end loop;
  return out;
end
$$;

create function _inflect(name text, pascal boolean) returns text language sql immutable as $$
  select case when pascal then replace(initcap(replace(name, '_', ' ')), ' ', '')
              else lower(left(replace(initcap(replace(name, '_', ' ')), ' ', ''), 1))
                   || substr(replace(initcap(replace(name, '_', ' ')), ' ', ''), 2) end
$$;

create function _scalar(typname text, typtype text) returns text language sql immutable as $$
  select case
    when typtype = 'e' then null
    when typname in ('int2', 'int4') then 'Int'
    when typname = 'int8' then 'BigInt'
    when typname in ('float4', 'float8') then 'Float'
    when typname = 'numeric' then 'BigFloat'
    when typname in ('text', 'varchar', 'bpchar', 'name', 'citext') then 'String'
    when typname = 'bool' then 'Boolean'
    when typname = 'uuid' then 'UUID'
    when typname = 'date' then 'Date'
    when typname in ('time', 'timetz') then 'Time'
    when typname in ('timestamp', 'timestamptz') then 'Datetime'
    when typname in ('json', 'jsonb') then 'JSON'
    else 'Opaque'
  end
$$;

-- The tables GraphQL shows the caller: on its search_path, with a primary key, selectable.
create function _model() returns jsonb language sql stable as $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'schema', n.nspname, 'table', c.relname,
      'type', case when coalesce((graphql.comment_directive(obj_description(n.oid, 'pg_namespace')) ->> 'inflect_names')::boolean, false)
                   then graphql._inflect(c.relname, true) else c.relname end,
      'field', case when coalesce((graphql.comment_directive(obj_description(n.oid, 'pg_namespace')) ->> 'inflect_names')::boolean, false)
                    then graphql._inflect(c.relname, false) else c.relname end || 'Collection',
      'pk', (select jsonb_agg(a.attname order by k.o) from unnest(con.conkey) with ordinality k(num, o)
             join pg_attribute a on a.attrelid = c.oid and a.attnum = k.num),
      'columns', (select jsonb_agg(jsonb_build_object(
          'column', a.attname,
          'field', case when coalesce((graphql.comment_directive(obj_description(n.oid, 'pg_namespace')) ->> 'inflect_names')::boolean, false)
                        then graphql._inflect(a.attname, false) else a.attname end,
          'pgtype', format_type(a.atttypid, a.atttypmod),
          'scalar', coalesce(graphql._scalar(coalesce(et.typname, t.typname), coalesce(et.typtype, t.typtype)::text), t.typname),
          'enum', (coalesce(et.typtype, t.typtype) = 'e'),
          'list', t.typcategory = 'A',
          'not_null', a.attnotnull) order by a.attnum)
        from pg_attribute a
        join pg_type t on t.oid = a.atttypid
        left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
          and has_column_privilege(c.oid, a.attnum, 'SELECT'))
    ) order by n.nspname, c.relname), '[]')
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_constraint con on con.conrelid = c.oid and con.contype = 'p'
  where c.relkind in ('r', 'p') and n.nspname = any(current_schemas(false))
    and n.nspname not in ('graphql', 'graphql_public', 'pg_catalog', 'information_schema')
    and has_schema_privilege(n.oid, 'USAGE') and has_any_column_privilege(c.oid, 'SELECT')
$$;

create function comment_directive(comment_ text) returns jsonb language sql immutable as $$
  select (regexp_match(comment_, '@graphql\((.+)\)', 's'))[1]::jsonb
$$;

create function rebuild_schema() returns void language sql as $$ select $$;

-- The SQL condition of a filter argument on one table.
create function _filter_sql(tbl jsonb, filter jsonb) returns text language plpgsql stable as $$
declare
  parts text[] := '{}';
  e record;
  op record;
  col jsonb;
  sub text[];
begin
  if filter is null or filter = 'null'::jsonb then
    return 'true';
  end if;
  for e in select * from jsonb_each(filter) loop
    if e.key = 'and' or e.key = 'or' then
      sub := array(select '(' || graphql._filter_sql(tbl, part) || ')' from jsonb_array_elements(e.value) part);
      parts := parts || coalesce('(' || array_to_string(sub, case e.key when 'and' then ' and ' else ' or ' end) || ')',
                                 case e.key when 'and' then 'true' else 'false' end);
      continue;
    elsif e.key = 'not' then
      parts := parts || ('not (' || graphql._filter_sql(tbl, e.value) || ')');
      continue;
    end if;
    select c into col from jsonb_array_elements(tbl -> 'columns') c where c ->> 'field' = e.key;
    if col is null then
      perform graphql.exception(format('Unknown field "%s" in filter of %s', e.key, tbl ->> 'type'));
    end if;
    for op in select * from jsonb_each(e.value) loop
      parts := parts || case op.key
        when 'eq' then format('%I = %L::%s', col ->> 'column', op.value #>> '{}', col ->> 'pgtype')
        when 'neq' then format('%I <> %L::%s', col ->> 'column', op.value #>> '{}', col ->> 'pgtype')
        when 'gt' then format('%I > %L::%s', col ->> 'column', op.value #>> '{}', col ->> 'pgtype')
        when 'gte' then format('%I >= %L::%s', col ->> 'column', op.value #>> '{}', col ->> 'pgtype')
        when 'lt' then format('%I < %L::%s', col ->> 'column', op.value #>> '{}', col ->> 'pgtype')
        when 'lte' then format('%I <= %L::%s', col ->> 'column', op.value #>> '{}', col ->> 'pgtype')
        when 'in' then format('%I = any(%L::%s[])', col ->> 'column',
          (select coalesce(array_agg(v #>> '{}'), '{}') from jsonb_array_elements(op.value) v)::text, col ->> 'pgtype')
        when 'is' then format('%I is %s', col ->> 'column', case op.value #>> '{}' when 'NULL' then 'null' else 'not null' end)
        when 'like' then format('%I::text like %L', col ->> 'column', op.value #>> '{}')
        when 'ilike' then format('%I::text ilike %L', col ->> 'column', op.value #>> '{}')
        when 'startsWith' then format('starts_with(%I::text, %L)', col ->> 'column', op.value #>> '{}')
        else graphql.exception(format('Unknown filter operation "%s" on %s', op.key, e.key))
      end;
    end loop;
  end loop;
  return coalesce(nullif(array_to_string(parts, ' and '), ''), 'true');
end
$$;

-- The JSON a row's field shows: pg_graphql gives BigInt, BigFloat and JSON as strings.
create function _column_json(col jsonb) returns text language sql immutable as $$
  select case when (col ->> 'scalar') in ('BigInt', 'BigFloat', 'JSON', 'Opaque') and not (col ->> 'list')::boolean
              then format('to_jsonb(r.%I::text)', col ->> 'column')
              else format('to_jsonb(r.%I)', col ->> 'column') end
$$;

-- SQL building one node of `tbl` from row `r` as the fields of the selection ask.
create function _node_sql(tbl jsonb, selections jsonb, frags jsonb, vars jsonb) returns text
language plpgsql stable as $$
declare
  f jsonb;
  col jsonb;
  pairs text[] := '{}';
begin
  for f in select jsonb_array_elements(graphql._fields(selections, tbl ->> 'type', frags, vars)) loop
    if f ->> 'name' = '__typename' then
      pairs := pairs || format('jsonb_build_object(%L, %L)', f ->> 'alias', tbl ->> 'type');
    elsif f ->> 'name' = 'nodeId' then
      pairs := pairs || format(
        'jsonb_build_object(%L, translate(encode(convert_to(jsonb_build_array(%L, %L, %s)::text, ''utf8''), ''base64''), E''\n'', ''''))',
        f ->> 'alias', tbl ->> 'schema', tbl ->> 'table',
        (select string_agg(format('r.%I', k), ', ') from jsonb_array_elements_text(tbl -> 'pk') k));
    else
      select c into col from jsonb_array_elements(tbl -> 'columns') c where c ->> 'field' = f ->> 'name';
      if col is null then
        perform graphql.exception(format(
          'Unknown field "%s" on type %s (the local stack''s pg_graphql answers columns, nodeId and __typename; relationship fields are not supported)',
          f ->> 'name', tbl ->> 'type'));
      end if;
      pairs := pairs || format('jsonb_build_object(%L, %s)', f ->> 'alias', graphql._column_json(col));
    end if;
  end loop;
  return coalesce(nullif(array_to_string(pairs, ' || '), ''), '''{}''::jsonb');
end
$$;

create function _cursor(pos bigint) returns text language sql immutable as $$
  select encode(convert_to(jsonb_build_array(pos)::text, 'utf8'), 'base64')
$$;

create function _position(cursor_ text) returns bigint language plpgsql immutable as $$
begin
  return (convert_from(decode(cursor_, 'base64'), 'utf8')::jsonb ->> 0)::bigint;
exception when others then
  perform graphql.exception('Invalid cursor');
end
$$;

create function _collection(tbl jsonb, field jsonb, frags jsonb, vars jsonb) returns jsonb
language plpgsql stable as $$
declare
  args jsonb := coalesce((select jsonb_object_agg(e.key, graphql._value(e.value, vars)) from jsonb_each(field -> 'args') e), '{}');
  first_n bigint := (args ->> 'first')::bigint;
  last_n bigint := (args ->> 'last')::bigint;
  after_pos bigint := case when args ? 'after' and args ->> 'after' is not null then graphql._position(args ->> 'after') end;
  before_pos bigint := case when args ? 'before' and args ->> 'before' is not null then graphql._position(args ->> 'before') end;
  skip bigint := coalesce((args ->> 'offset')::bigint, 0);
  ord text;
  node_selection jsonb := '[]';
  rows jsonb;
  total bigint;
  result jsonb := '{}';
  f jsonb;
  g jsonb;
  edges jsonb;
  first_pos bigint;
  last_pos bigint;
  e jsonb;
begin
  if first_n is not null and last_n is not null then
    perform graphql.exception('"first" and "last" may not both be given');
  end if;
  select string_agg(format('%I %s',
           coalesce(c ->> 'column', graphql.exception(format('Unknown field "%s" in orderBy of %s', d.key, tbl ->> 'type'))),
           case d.value #>> '{}'
             when 'AscNullsFirst' then 'asc nulls first' when 'AscNullsLast' then 'asc nulls last'
             when 'DescNullsFirst' then 'desc nulls first' when 'DescNullsLast' then 'desc nulls last'
             else graphql.exception(format('Invalid orderBy direction %s', d.value)) end), ', ' order by o.n)
    into ord
    from jsonb_array_elements(case jsonb_typeof(args -> 'orderBy') when 'array' then args -> 'orderBy'
                                   when 'object' then jsonb_build_array(args -> 'orderBy') else '[]' end)
         with ordinality o(item, n)
    cross join jsonb_each(o.item) d
    left join lateral (select c from jsonb_array_elements(tbl -> 'columns') c where c ->> 'field' = d.key) x on true;
  ord := concat_ws(', ', ord, (select string_agg(format('%I asc', k), ', ') from jsonb_array_elements_text(tbl -> 'pk') k));
  -- Which nodes the edges ask for, to build them in the query.
  for f in select jsonb_array_elements(graphql._fields(field -> 'selections', tbl ->> 'type' || 'Connection', frags, vars)) loop
    if f ->> 'name' = 'edges' then
      for g in select jsonb_array_elements(graphql._fields(f -> 'selections', tbl ->> 'type' || 'Edge', frags, vars)) loop
        if g ->> 'name' = 'node' then
          node_selection := node_selection || (g -> 'selections');
        end if;
      end loop;
    end if;
  end loop;
  execute format(
    'with base as (
       select %s as node, row_number() over (order by %s) as pos, count(*) over () as total
       from %I.%I r where %s
     ), window_ as (
       select * from base where ($1 is null or pos > $1) and ($2 is null or pos < $2) order by pos offset $3
     ), page as (
       select * from (select * from window_ order by case when $5 is null then pos else -pos end
                      limit coalesce($4, $5, 30)) p
     )
     select coalesce((select jsonb_agg(jsonb_build_object(''pos'', pos, ''node'', node) order by pos) from page), ''[]''),
            coalesce((select max(total) from base), 0)',
    graphql._node_sql(tbl, node_selection, frags, vars), ord, tbl ->> 'schema', tbl ->> 'table',
    graphql._filter_sql(tbl, args -> 'filter'))
    into rows, total
    using after_pos, before_pos, skip, first_n, last_n;
  first_pos := (rows -> 0 ->> 'pos')::bigint;
  last_pos := (rows -> -1 ->> 'pos')::bigint;
  for f in select jsonb_array_elements(graphql._fields(field -> 'selections', tbl ->> 'type' || 'Connection', frags, vars)) loop
    case f ->> 'name'
      when '__typename' then result := result || jsonb_build_object(f ->> 'alias', tbl ->> 'type' || 'Connection');
      when 'totalCount' then result := result || jsonb_build_object(f ->> 'alias', total);
      when 'pageInfo' then
        result := result || jsonb_build_object(f ->> 'alias', graphql._project(jsonb_build_object(
          '__typename', 'PageInfo',
          'hasNextPage', coalesce(last_pos < total, false),
          'hasPreviousPage', coalesce(first_pos > 1, false),
          'startCursor', case when first_pos is not null then graphql._cursor(first_pos) end,
          'endCursor', case when last_pos is not null then graphql._cursor(last_pos) end), f -> 'selections', frags, vars));
      when 'edges' then
        edges := '[]';
        for e in select jsonb_array_elements(rows) loop
          edges := edges || jsonb_build_array(graphql._project(jsonb_build_object(
            '__typename', tbl ->> 'type' || 'Edge', 'cursor', graphql._cursor((e ->> 'pos')::bigint), 'node', null),
            f -> 'selections', frags, vars, e -> 'node'));
        end loop;
        result := result || jsonb_build_object(f ->> 'alias', edges);
      else
        perform graphql.exception(format('Unknown field "%s" on type %sConnection', f ->> 'name', tbl ->> 'type'));
    end case;
  end loop;
  return result;
end
$$;

-- Projects a JSON value (introspection, pageInfo, edges) by a selection set; `node` is a
-- node already built for the field "node".
create function _project(value jsonb, selections jsonb, frags jsonb, vars jsonb, node jsonb default null) returns jsonb
language plpgsql stable as $$
declare
  f jsonb;
  result jsonb := '{}';
  v jsonb;
begin
  if value is null or value = 'null'::jsonb then
    return 'null';
  end if;
  if jsonb_typeof(value) = 'array' then
    return coalesce((select jsonb_agg(graphql._project(x, selections, frags, vars, node)) from jsonb_array_elements(value) x), '[]');
  end if;
  if selections is null then
    return value;
  end if;
  for f in select jsonb_array_elements(graphql._fields(selections, value ->> '__typename', frags, vars)) loop
    if f ->> 'name' = 'node' and node is not null then
      result := result || jsonb_build_object(f ->> 'alias', node);
      continue;
    end if;
    if not value ? (f ->> 'name') then
      perform graphql.exception(format('Unknown field "%s" on type %s', f ->> 'name', value ->> '__typename'));
    end if;
    v := value -> (f ->> 'name');
    if f ->> 'name' = 'fields' and jsonb_typeof(v) = 'array' and f -> 'args' ? 'includeDeprecated' then
      v := v; -- nothing is deprecated here
    end if;
    result := result || jsonb_build_object(f ->> 'alias', graphql._project(v, f -> 'selections', frags, vars));
  end loop;
  return result;
end
$$;

create function _type_ref(name text, not_null boolean default false, list boolean default false) returns jsonb
language sql immutable as $$
  select case when not_null then jsonb_build_object('__typename', '__Type', 'kind', 'NON_NULL', 'name', null, 'ofType', inner_ref)
              else inner_ref end
  from (select case when list
                    then jsonb_build_object('__typename', '__Type', 'kind', 'LIST', 'name', null, 'ofType',
                           jsonb_build_object('__typename', '__Type', 'kind', graphql._kind(name), 'name', name, 'ofType', null))
                    else jsonb_build_object('__typename', '__Type', 'kind', graphql._kind(name), 'name', name, 'ofType', null)
               end as inner_ref) r
$$;

create function _kind(name text) returns text language sql immutable as $$
  select case
    when name in ('ID', 'Int', 'Float', 'String', 'Boolean', 'BigInt', 'BigFloat', 'UUID', 'Date', 'Time', 'Datetime',
                  'JSON', 'Cursor', 'Opaque') then 'SCALAR'
    when name in ('OrderByDirection', 'FilterIs') then 'ENUM'
    when name = 'Node' then 'INTERFACE'
    when name like '%Filter' or name like '%OrderBy' then 'INPUT_OBJECT'
    else 'OBJECT' end
$$;

create function _field(name text, type jsonb, args jsonb default '[]') returns jsonb language sql immutable as $$
  select jsonb_build_object('__typename', '__Field', 'name', name, 'description', null, 'args', args, 'type', type,
                            'isDeprecated', false, 'deprecationReason', null)
$$;

create function _input(name text, type jsonb) returns jsonb language sql immutable as $$
  select jsonb_build_object('__typename', '__InputValue', 'name', name, 'description', null, 'type', type,
                            'defaultValue', null, 'isDeprecated', false, 'deprecationReason', null)
$$;

create function _type(kind text, name text, fields jsonb default null, input_fields jsonb default null,
                      enum_values jsonb default null, interfaces jsonb default null) returns jsonb
language sql immutable as $$
  select jsonb_build_object('__typename', '__Type', 'kind', kind, 'name', name, 'description', null,
    'fields', fields, 'inputFields', input_fields, 'interfaces', case when kind = 'OBJECT' then coalesce(interfaces, '[]') end,
    'enumValues', enum_values, 'possibleTypes', null, 'ofType', null, 'specifiedByURL', null)
$$;

-- The __Schema object of what GraphQL shows the caller.
create function _schema(model jsonb) returns jsonb language plpgsql stable as $$
declare
  types jsonb := '[]';
  query_fields jsonb := '[]';
  t jsonb;
  filter_type text;
  s text;
begin
  foreach s in array array['ID', 'Int', 'Float', 'String', 'Boolean', 'BigInt', 'BigFloat', 'UUID', 'Date', 'Time',
                           'Datetime', 'JSON', 'Cursor', 'Opaque'] loop
    types := types || jsonb_build_array(graphql._type('SCALAR', s));
    if s not in ('ID', 'Cursor', 'JSON', 'Opaque') then
      types := types || jsonb_build_array(graphql._type('INPUT_OBJECT', s || 'Filter', input_fields =>
        (select jsonb_agg(graphql._input(o, graphql._type_ref(s, false, o = 'in')))
           from unnest(array['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in']
                       || case when s = 'String' then array['like', 'ilike', 'startsWith'] else '{}' end) o)
        || jsonb_build_array(graphql._input('is', graphql._type_ref('FilterIs')))));
    end if;
  end loop;
  types := types || jsonb_build_array(
    graphql._type('ENUM', 'OrderByDirection', enum_values => (select jsonb_agg(jsonb_build_object(
      '__typename', '__EnumValue', 'name', d, 'description', null, 'isDeprecated', false, 'deprecationReason', null))
      from unnest(array['AscNullsFirst', 'AscNullsLast', 'DescNullsFirst', 'DescNullsLast']) d)),
    graphql._type('ENUM', 'FilterIs', enum_values => (select jsonb_agg(jsonb_build_object(
      '__typename', '__EnumValue', 'name', d, 'description', null, 'isDeprecated', false, 'deprecationReason', null))
      from unnest(array['NULL', 'NOT_NULL']) d)),
    graphql._type('INTERFACE', 'Node', fields => jsonb_build_array(graphql._field('nodeId', graphql._type_ref('ID', true)))),
    graphql._type('OBJECT', 'PageInfo', fields => jsonb_build_array(
      graphql._field('endCursor', graphql._type_ref('String')),
      graphql._field('hasNextPage', graphql._type_ref('Boolean', true)),
      graphql._field('hasPreviousPage', graphql._type_ref('Boolean', true)),
      graphql._field('startCursor', graphql._type_ref('String')))));
  for t in select jsonb_array_elements(model) loop
    types := types || jsonb_build_array(
      graphql._type('OBJECT', t ->> 'type',
        fields => jsonb_build_array(graphql._field('nodeId', graphql._type_ref('ID', true)))
          || (select jsonb_agg(graphql._field(c ->> 'field',
                graphql._type_ref(c ->> 'scalar', (c ->> 'not_null')::boolean, (c ->> 'list')::boolean)))
              from jsonb_array_elements(t -> 'columns') c),
        interfaces => jsonb_build_array(graphql._type_ref('Node'))),
      graphql._type('OBJECT', t ->> 'type' || 'Edge', fields => jsonb_build_array(
        graphql._field('cursor', graphql._type_ref('String', true)),
        graphql._field('node', graphql._type_ref(t ->> 'type', true)))),
      graphql._type('OBJECT', t ->> 'type' || 'Connection', fields => jsonb_build_array(
        graphql._field('edges', jsonb_build_object('__typename', '__Type', 'kind', 'NON_NULL', 'name', null,
          'ofType', graphql._type_ref(t ->> 'type' || 'Edge', false, true))),
        graphql._field('pageInfo', graphql._type_ref('PageInfo', true)),
        graphql._field('totalCount', graphql._type_ref('Int', true)))),
      graphql._type('INPUT_OBJECT', t ->> 'type' || 'Filter', input_fields =>
        coalesce((select jsonb_agg(graphql._input(c ->> 'field', graphql._type_ref(c ->> 'scalar' || 'Filter')))
                  from jsonb_array_elements(t -> 'columns') c
                  where c ->> 'scalar' not in ('JSON', 'Opaque') and not (c ->> 'list')::boolean), '[]')
        || jsonb_build_array(
          graphql._input('and', graphql._type_ref(t ->> 'type' || 'Filter', false, true)),
          graphql._input('or', graphql._type_ref(t ->> 'type' || 'Filter', false, true)),
          graphql._input('not', graphql._type_ref(t ->> 'type' || 'Filter')))),
      graphql._type('INPUT_OBJECT', t ->> 'type' || 'OrderBy', input_fields =>
        (select jsonb_agg(graphql._input(c ->> 'field', graphql._type_ref('OrderByDirection')))
         from jsonb_array_elements(t -> 'columns') c)));
    query_fields := query_fields || jsonb_build_array(graphql._field(t ->> 'field', graphql._type_ref(t ->> 'type' || 'Connection'),
      jsonb_build_array(
        graphql._input('first', graphql._type_ref('Int')), graphql._input('last', graphql._type_ref('Int')),
        graphql._input('before', graphql._type_ref('Cursor')), graphql._input('after', graphql._type_ref('Cursor')),
        graphql._input('offset', graphql._type_ref('Int')),
        graphql._input('filter', graphql._type_ref(t ->> 'type' || 'Filter')),
        graphql._input('orderBy', jsonb_build_object('__typename', '__Type', 'kind', 'LIST', 'name', null,
          'ofType', graphql._type_ref(t ->> 'type' || 'OrderBy', true))))));
  end loop;
  types := types || jsonb_build_array(graphql._type('OBJECT', 'Query', fields =>
    jsonb_build_array(graphql._field('node', graphql._type_ref('Node'),
      jsonb_build_array(graphql._input('nodeId', graphql._type_ref('ID', true))))) || query_fields));
  return jsonb_build_object('__typename', '__Schema', 'description', null,
    'queryType', jsonb_build_object('__typename', '__Type', 'name', 'Query', 'kind', 'OBJECT'),
    'mutationType', null, 'subscriptionType', null, 'types', types,
    'directives', jsonb_build_array(
      jsonb_build_object('__typename', '__Directive', 'name', 'include', 'description', null, 'isRepeatable', false,
        'locations', jsonb_build_array('FIELD', 'FRAGMENT_SPREAD', 'INLINE_FRAGMENT'),
        'args', jsonb_build_array(graphql._input('if', graphql._type_ref('Boolean', true)))),
      jsonb_build_object('__typename', '__Directive', 'name', 'skip', 'description', null, 'isRepeatable', false,
        'locations', jsonb_build_array('FIELD', 'FRAGMENT_SPREAD', 'INLINE_FRAGMENT'),
        'args', jsonb_build_array(graphql._input('if', graphql._type_ref('Boolean', true))))));
end
$$;

create function _node(model jsonb, field jsonb, frags jsonb, vars jsonb) returns jsonb language plpgsql stable as $$
declare
  id jsonb;
  tbl jsonb;
  node jsonb;
begin
  begin
    id := convert_from(decode(graphql._value(field -> 'args' -> 'nodeId', vars) #>> '{}', 'base64'), 'utf8')::jsonb;
  exception when others then
    perform graphql.exception('Invalid input for nodeId');
  end;
  select t into tbl from jsonb_array_elements(model) t where t ->> 'schema' = id ->> 0 and t ->> 'table' = id ->> 1;
  if tbl is null then
    return 'null';
  end if;
  execute format('select %s from %I.%I r where (%s) = (%s)',
    graphql._node_sql(tbl, field -> 'selections', frags, vars), tbl ->> 'schema', tbl ->> 'table',
    (select string_agg(format('r.%I::text', k), ', ') from jsonb_array_elements_text(tbl -> 'pk') k),
    (select string_agg(format('%L', id ->> (1 + o)::int), ', ')
     from jsonb_array_elements_text(tbl -> 'pk') with ordinality p(k, o)))
    into node;
  return coalesce(node, 'null');
end
$$;

create function resolve(
  query text, variables jsonb default '{}', "operationName" text default null, extensions jsonb default null
) returns jsonb language plpgsql volatile as $$
declare
  doc jsonb;
  op jsonb;
  vars jsonb;
  model jsonb;
  data jsonb := '{}';
  f jsonb;
  tbl jsonb;
  schema_json jsonb;
begin
  doc := graphql._parse(query);
  if "operationName" is not null then
    select o into op from jsonb_array_elements(doc -> 'operations') o where o ->> 'name' = "operationName";
    if op is null then
      perform graphql.exception(format('Unknown operation named "%s"', "operationName"));
    end if;
  elsif jsonb_array_length(doc -> 'operations') > 1 then
    perform graphql.exception('Must provide operation name if query contains multiple operations');
  else
    op := doc -> 'operations' -> 0;
  end if;
  if op ->> 'op' <> 'query' then
    perform graphql.exception(format(
      '%s operations are not supported by the local stack''s pg_graphql, which answers queries (docs/extensions.md)',
      initcap(op ->> 'op')));
  end if;
  vars := coalesce((select jsonb_object_agg(e.key, graphql._value(e.value, '{}'))
                    from jsonb_each(op -> 'variables') e where e.value <> 'null'::jsonb), '{}')
          || coalesce(variables, '{}');
  model := graphql._model();
  for f in select jsonb_array_elements(graphql._fields(op -> 'selections', 'Query', doc -> 'fragments', vars)) loop
    if f ->> 'name' = '__typename' then
      data := data || jsonb_build_object(f ->> 'alias', 'Query');
    elsif f ->> 'name' in ('__schema', '__type') then
      schema_json := coalesce(schema_json, graphql._schema(model));
      data := data || jsonb_build_object(f ->> 'alias', case f ->> 'name'
        when '__schema' then graphql._project(schema_json, f -> 'selections', doc -> 'fragments', vars)
        else graphql._project(
          (select t from jsonb_array_elements(schema_json -> 'types') t
           where t ->> 'name' = graphql._value(f -> 'args' -> 'name', vars) #>> '{}'),
          f -> 'selections', doc -> 'fragments', vars) end);
    elsif f ->> 'name' = 'node' then
      data := data || jsonb_build_object(f ->> 'alias', graphql._node(model, f, doc -> 'fragments', vars));
    else
      select t into tbl from jsonb_array_elements(model) t where t ->> 'field' = f ->> 'name';
      if tbl is null then
        perform graphql.exception(format('Unknown field "%s" on type Query', f ->> 'name'));
      end if;
      data := data || jsonb_build_object(f ->> 'alias', graphql._collection(tbl, f, doc -> 'fragments', vars));
    end if;
  end loop;
  return jsonb_build_object('data', data);
exception when others then
  return jsonb_build_object('data', null, 'errors', jsonb_build_array(jsonb_build_object('message', sqlerrm)));
end
$$;

-- What /graphql/v1 calls through PostgREST on hosted Supabase (its platform creates it
-- when pg_graphql is created; here the extension does).
create or replace function graphql_public.graphql(
  "operationName" text default null, query text default null, variables jsonb default null, extensions jsonb default null
) returns jsonb language sql as $$
  select graphql.resolve(query := query, variables := coalesce(variables, '{}'),
                         "operationName" := "operationName", extensions := extensions)
$$;

grant usage on schema graphql to postgres, anon, authenticated, service_role;
grant all on function graphql.resolve(text, jsonb, text, jsonb) to postgres, anon, authenticated, service_role;
grant execute on function graphql_public.graphql(text, text, jsonb, jsonb) to postgres, anon, authenticated, service_role;
