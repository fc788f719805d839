-- pg_jsonschema's interface, written for the local stack: a JSON Schema validator in
-- plpgsql (docs/extensions.md lists the keywords it knows). Errors are worded as the
-- jsonschema crate behind pg_jsonschema words them. All functions are immutable, so
-- they serve in CHECK constraints as on hosted Supabase.

-- The subschema a local `$ref` ("#", "#/$defs/x", "#/definitions/x") points to in `root`.
create function _jsonschema_ref(root jsonb, ref text) returns jsonb language plpgsql immutable as $$
declare
  path text[];
  target jsonb;
begin
  if ref = '#' or ref = '' then
    return root;
  end if;
  if left(ref, 2) <> '#/' then
    raise exception using errcode = 'feature_not_supported',
      message = format('pg_jsonschema on the local stack resolves only local references, not %s', ref);
  end if;
  select array_agg(replace(replace(p, '~1', '/'), '~0', '~') order by o)
    into path from unnest(string_to_array(substr(ref, 3), '/')) with ordinality u(p, o);
  target := root #> path;
  if target is null then
    raise exception using errcode = 'invalid_parameter_value', message = format('Invalid reference: %s', ref);
  end if;
  return target;
end
$$;

create function _jsonschema_is_type(instance jsonb, type text) returns boolean language sql immutable as $$
  select case type
    when 'integer' then jsonb_typeof(instance) = 'number' and instance::text::numeric = trunc(instance::text::numeric)
    when 'number' then jsonb_typeof(instance) = 'number'
    else jsonb_typeof(instance) = type
  end
$$;

create function _jsonschema_format_ok(value text, format text) returns boolean language plpgsql immutable as $$
begin
  case format
    when 'date' then
      return value ~ '^\d{4}-\d{2}-\d{2}$' and value::date is not null;
    when 'date-time' then
      return value ~* '^\d{4}-\d{2}-\d{2}t\d{2}:\d{2}:\d{2}(\.\d+)?(z|[+-]\d{2}:\d{2})$' and value::timestamptz is not null;
    when 'time' then
      return value ~* '^\d{2}:\d{2}:\d{2}(\.\d+)?(z|[+-]\d{2}:\d{2})?$';
    when 'email' then
      return value ~ '^[^@\s]+@[^@\s]+$';
    when 'uuid' then
      return value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
    when 'ipv4' then
      return value ~ '^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$';
    when 'uri' then
      return value ~ '^[A-Za-z][A-Za-z0-9+.-]*:\S*$';
    else
      return true; -- formats it does not know are annotations, as in the specification
  end case;
exception when others then
  return false;
end
$$;

create function _jsonschema_errors(schema jsonb, instance jsonb, root jsonb) returns text[]
language plpgsql immutable as $$
declare
  errors text[] := '{}';
  t text := jsonb_typeof(instance);
  k text;
  v jsonb;
  sub jsonb;
  n numeric;
  i int;
  matched int;
  types jsonb;
  shown text := instance::text;
begin
  if schema = 'true'::jsonb or schema = '{}'::jsonb then
    return errors;
  end if;
  if schema = 'false'::jsonb then
    return array[format('False schema does not allow %s', shown)];
  end if;
  if schema ? '$ref' then
    errors := errors || @extschema@._jsonschema_errors(@extschema@._jsonschema_ref(root, schema ->> '$ref'), instance, root);
  end if;
  if schema ? 'type' then
    types := case when jsonb_typeof(schema -> 'type') = 'array' then schema -> 'type' else jsonb_build_array(schema -> 'type') end;
    if not exists (select from jsonb_array_elements_text(types) x where @extschema@._jsonschema_is_type(instance, x)) then
      errors := errors || case when jsonb_array_length(types) = 1
        then format('%s is not of type %s', shown, types -> 0)
        else format('%s is not of types %s', shown, (select string_agg(x::text, ', ') from jsonb_array_elements(types) x)) end;
    end if;
  end if;
  if schema ? 'enum' and not exists (select from jsonb_array_elements(schema -> 'enum') x where x = instance) then
    errors := errors || format('%s is not one of %s', shown, schema -> 'enum');
  end if;
  if schema ? 'const' and schema -> 'const' <> instance then
    errors := errors || format('%s was expected', schema -> 'const');
  end if;
  if t = 'number' then
    n := instance::text::numeric;
    if schema ? 'minimum' and n < (schema ->> 'minimum')::numeric then
      errors := errors || format('%s is less than the minimum of %s', shown, schema -> 'minimum');
    end if;
    if schema ? 'maximum' and n > (schema ->> 'maximum')::numeric then
      errors := errors || format('%s is greater than the maximum of %s', shown, schema -> 'maximum');
    end if;
    if jsonb_typeof(schema -> 'exclusiveMinimum') = 'number' and n <= (schema ->> 'exclusiveMinimum')::numeric then
      errors := errors || format('%s is less than or equal to the minimum of %s', shown, schema -> 'exclusiveMinimum');
    end if;
    if jsonb_typeof(schema -> 'exclusiveMaximum') = 'number' and n >= (schema ->> 'exclusiveMaximum')::numeric then
      errors := errors || format('%s is greater than or equal to the maximum of %s', shown, schema -> 'exclusiveMaximum');
    end if;
    if schema ? 'multipleOf' and mod(n, (schema ->> 'multipleOf')::numeric) <> 0 then
      errors := errors || format('%s is not a multiple of %s', shown, schema -> 'multipleOf');
    end if;
  end if;
  if t = 'string' then
    if schema ? 'minLength' and length(instance #>> '{}') < (schema ->> 'minLength')::int then
      errors := errors || format('%s is shorter than %s character%s', shown, schema -> 'minLength',
        case when schema ->> 'minLength' = '1' then '' else 's' end);
    end if;
    if schema ? 'maxLength' and length(instance #>> '{}') > (schema ->> 'maxLength')::int then
      errors := errors || format('%s is longer than %s character%s', shown, schema -> 'maxLength',
        case when schema ->> 'maxLength' = '1' then '' else 's' end);
    end if;
    if schema ? 'pattern' and (instance #>> '{}') !~ (schema ->> 'pattern') then
      errors := errors || format('%s does not match %s', shown, schema -> 'pattern');
    end if;
    if schema ? 'format' and not @extschema@._jsonschema_format_ok(instance #>> '{}', schema ->> 'format') then
      errors := errors || format('%s is not a %s', shown, schema -> 'format');
    end if;
  end if;
  if t = 'object' then
    for k in select jsonb_array_elements_text(schema -> 'required') loop
      if not instance ? k then
        errors := errors || format('%s is a required property', to_jsonb(k));
      end if;
    end loop;
    if schema ? 'minProperties' and (select count(*) from jsonb_object_keys(instance)) < (schema ->> 'minProperties')::int then
      errors := errors || format('%s has less than %s propert%s', shown, schema -> 'minProperties',
        case when schema ->> 'minProperties' = '1' then 'y' else 'ies' end);
    end if;
    if schema ? 'maxProperties' and (select count(*) from jsonb_object_keys(instance)) > (schema ->> 'maxProperties')::int then
      errors := errors || format('%s has more than %s propert%s', shown, schema -> 'maxProperties',
        case when schema ->> 'maxProperties' = '1' then 'y' else 'ies' end);
    end if;
    for k, v in select * from jsonb_each(instance) loop
      matched := 0;
      if schema -> 'properties' ? k then
        matched := 1;
        errors := errors || @extschema@._jsonschema_errors(schema -> 'properties' -> k, v, root);
      end if;
      for sub in select p.value from jsonb_each(coalesce(schema -> 'patternProperties', '{}')) p where k ~ p.key loop
        matched := 1;
        errors := errors || @extschema@._jsonschema_errors(sub, v, root);
      end loop;
      if matched = 0 and schema ? 'additionalProperties' then
        if schema -> 'additionalProperties' = 'false'::jsonb then
          errors := errors || format('Additional properties are not allowed (%s was unexpected)', quote_literal(k));
        else
          errors := errors || @extschema@._jsonschema_errors(schema -> 'additionalProperties', v, root);
        end if;
      end if;
      if schema ? 'propertyNames' then
        errors := errors || @extschema@._jsonschema_errors(schema -> 'propertyNames', to_jsonb(k), root);
      end if;
    end loop;
    for k, v in select * from jsonb_each(coalesce(schema -> 'dependentRequired', '{}')) loop
      if instance ? k then
        errors := errors || array(
          select format('%s is a required property', to_jsonb(d)) from jsonb_array_elements_text(v) d where not instance ? d);
      end if;
    end loop;
  end if;
  if t = 'array' then
    if schema ? 'minItems' and jsonb_array_length(instance) < (schema ->> 'minItems')::int then
      errors := errors || format('%s has less than %s item%s', shown, schema -> 'minItems',
        case when schema ->> 'minItems' = '1' then '' else 's' end);
    end if;
    if schema ? 'maxItems' and jsonb_array_length(instance) > (schema ->> 'maxItems')::int then
      errors := errors || format('%s has more than %s item%s', shown, schema -> 'maxItems',
        case when schema ->> 'maxItems' = '1' then '' else 's' end);
    end if;
    if (schema -> 'uniqueItems') = 'true'::jsonb
       and (select count(distinct x) from jsonb_array_elements(instance) x) < jsonb_array_length(instance) then
      errors := errors || format('%s has non-unique elements', shown);
    end if;
    -- prefixItems (2020-12), or items as an array (earlier drafts), for the first items.
    sub := coalesce(schema -> 'prefixItems', case when jsonb_typeof(schema -> 'items') = 'array' then schema -> 'items' end);
    i := coalesce(jsonb_array_length(sub), 0);
    for n in 0 .. least(i, jsonb_array_length(instance)) - 1 loop
      errors := errors || @extschema@._jsonschema_errors(sub -> n::int, instance -> n::int, root);
    end loop;
    v := case when jsonb_typeof(schema -> 'items') = 'array' then schema -> 'additionalItems' else schema -> 'items' end;
    if v is not null then
      for n in i .. jsonb_array_length(instance) - 1 loop
        errors := errors || @extschema@._jsonschema_errors(v, instance -> n::int, root);
      end loop;
    end if;
    if schema ? 'contains' then
      matched := (select count(*) from jsonb_array_elements(instance) x
                  where cardinality(@extschema@._jsonschema_errors(schema -> 'contains', x, root)) = 0);
      if matched < coalesce((schema ->> 'minContains')::int, 1) then
        errors := errors || format('%s does not contain items matching the given schema', shown);
      elsif schema ? 'maxContains' and matched > (schema ->> 'maxContains')::int then
        errors := errors || format('%s contains more than %s matching items', shown, schema -> 'maxContains');
      end if;
    end if;
  end if;
  for sub in select jsonb_array_elements(schema -> 'allOf') loop
    errors := errors || @extschema@._jsonschema_errors(sub, instance, root);
  end loop;
  if schema ? 'anyOf' and not exists (
    select from jsonb_array_elements(schema -> 'anyOf') s
    where cardinality(@extschema@._jsonschema_errors(s, instance, root)) = 0) then
    errors := errors || format('%s is not valid under any of the schemas listed in the ''anyOf'' keyword', shown);
  end if;
  if schema ? 'oneOf' then
    matched := (select count(*) from jsonb_array_elements(schema -> 'oneOf') s
                where cardinality(@extschema@._jsonschema_errors(s, instance, root)) = 0);
    if matched = 0 then
      errors := errors || format('%s is not valid under any of the schemas listed in the ''oneOf'' keyword', shown);
    elsif matched > 1 then
      errors := errors || format('%s is valid under more than one of the schemas listed in the ''oneOf'' keyword', shown);
    end if;
  end if;
  if schema ? 'not' and cardinality(@extschema@._jsonschema_errors(schema -> 'not', instance, root)) = 0 then
    errors := errors || format('%s should not be valid under %s', shown, schema -> 'not');
  end if;
  if schema ? 'if' then
    if cardinality(@extschema@._jsonschema_errors(schema -> 'if', instance, root)) = 0 then
      if schema ? 'then' then
        errors := errors || @extschema@._jsonschema_errors(schema -> 'then', instance, root);
      end if;
    elsif schema ? 'else' then
      errors := errors || @extschema@._jsonschema_errors(schema -> 'else', instance, root);
    end if;
  end if;
  return errors;
end
$$;

-- Whether `schema` is a schema: the keywords it uses have values of the right kind.
create function _jsonschema_schema_ok(schema jsonb) returns boolean language plpgsql immutable as $$
declare
  k text;
  v jsonb;
  kinds constant text[] := array['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'];
begin
  if jsonb_typeof(schema) = 'boolean' then
    return true;
  end if;
  if jsonb_typeof(schema) <> 'object' then
    return false;
  end if;
  for k, v in select * from jsonb_each(schema) loop
    if k = 'type' and not (
      (jsonb_typeof(v) = 'string' and v #>> '{}' = any(kinds))
      or (jsonb_typeof(v) = 'array' and jsonb_array_length(v) > 0
          and not exists (select from jsonb_array_elements(v) x where jsonb_typeof(x) <> 'string' or not x #>> '{}' = any(kinds)))) then
      return false;
    elsif k in ('properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas') and (
      jsonb_typeof(v) <> 'object' or exists (select from jsonb_each(v) e where not @extschema@._jsonschema_schema_ok(e.value))) then
      return false;
    elsif k in ('allOf', 'anyOf', 'oneOf', 'prefixItems') and (
      jsonb_typeof(v) <> 'array' or jsonb_array_length(v) = 0
      or exists (select from jsonb_array_elements(v) x where not @extschema@._jsonschema_schema_ok(x))) then
      return false;
    elsif k in ('not', 'additionalProperties', 'additionalItems', 'contains', 'propertyNames', 'if', 'then', 'else')
      and not @extschema@._jsonschema_schema_ok(v) then
      return false;
    elsif k = 'items' and not (
      @extschema@._jsonschema_schema_ok(v)
      or (jsonb_typeof(v) = 'array' and not exists (select from jsonb_array_elements(v) x where not @extschema@._jsonschema_schema_ok(x)))) then
      return false;
    elsif k in ('required', 'enum') and jsonb_typeof(v) <> 'array' then
      return false;
    elsif k = 'required' and exists (select from jsonb_array_elements(v) x where jsonb_typeof(x) <> 'string') then
      return false;
    elsif k in ('minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf') and jsonb_typeof(v) <> 'number' then
      return false;
    elsif k in ('minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minContains', 'maxContains')
      and not (jsonb_typeof(v) = 'number' and (v #>> '{}')::numeric >= 0 and (v #>> '{}')::numeric = trunc((v #>> '{}')::numeric)) then
      return false;
    elsif k in ('pattern', 'format', '$ref', '$schema', '$id', 'title', 'description') and jsonb_typeof(v) <> 'string' then
      return false;
    elsif k = 'pattern' then
      begin
        perform '' ~ (v #>> '{}');
      exception when others then
        return false;
      end;
    end if;
  end loop;
  return true;
end
$$;

create function jsonschema_is_valid(schema json) returns boolean language sql immutable strict as $$
  select @extschema@._jsonschema_schema_ok(schema::jsonb)
$$;

create function jsonschema_validation_errors(schema json, instance json) returns text[]
language plpgsql immutable strict as $$
begin
  if not @extschema@._jsonschema_schema_ok(schema::jsonb) then
    raise exception using errcode = 'invalid_parameter_value', message = 'Invalid JSON schema';
  end if;
  return @extschema@._jsonschema_errors(schema::jsonb, instance::jsonb, schema::jsonb);
end
$$;

create function json_matches_schema(schema json, instance json) returns boolean language sql immutable strict as $$
  select cardinality(@extschema@.jsonschema_validation_errors(schema, instance)) = 0
$$;

create function jsonb_matches_schema(schema json, instance jsonb) returns boolean language sql immutable strict as $$
  select cardinality(@extschema@.jsonschema_validation_errors(schema, instance::json)) = 0
$$;
