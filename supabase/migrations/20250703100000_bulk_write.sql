-- Bulk actions of the lists (issue 14 item 8, docs/product.md "Bulk actions"): one
-- request changes or deletes up to 5000 rows, and each row the database refuses is
-- reported with its reason while the others are written.
--
--   bulk_write(resource, action, rows, changes) → {changed, refused}
--
-- `action` is 'update' (sets `changes`, an object keyed by column, on every row) or
-- 'delete'. `rows` is a JSON array of objects carrying the table's key, and for an
-- update of a versioned table the version each row was listed with ([{id, version}]):
-- a row changed since is refused as stale, like a form's save.
--
-- All rows go in one statement. Only when the database refuses it is the range halved,
-- left half first, down to the single rows that fail (k refused rows cost about
-- 2·k·log2(n) smaller statements, each in its own subtransaction): every other row is
-- written, each refused one becomes {id, code, message, details, constraint, column},
-- the raw parts of the database error, which the console words like its forms.
-- A row that no statement touched (RLS hides it, or it is gone) is refused as 42501.
--
-- Security invoker: RLS, the table's grants and its triggers apply as for a PATCH or
-- DELETE through the REST API, and the caller must hold `edit` or `delete` on the
-- resource. A permission error of any statement fails the whole call.
--
-- Errors of the call itself (nothing written):
--   42501  You don't have permission to do that.
--   P0001  At most 5000 rows at once. / A bulk action updates or deletes. / …

create function public.bulk_write(resource text, action text, rows jsonb, changes jsonb default '{}')
returns jsonb
language plpgsql volatile security invoker set search_path = '' as $$
declare
  max_rows constant int := 5000;
  target regclass;
  key_column text;
  set_list text;
  statement text;
  pending jsonb[];
  range_starts int[];
  range_ends int[];
  first_row int;
  last_row int;
  middle int;
  done_keys text[];
  changed jsonb := '[]';
  refused jsonb := '[]';
  error_state text;
  error_message text;
  error_detail text;
  error_constraint text;
  error_column text;
begin
  if action is null or action not in ('update', 'delete') then
    raise exception 'A bulk action updates or deletes.' using errcode = 'P0001';
  end if;
  if not (select app.can(resource, case action when 'update' then 'edit' else 'delete' end)) then
    raise exception 'You don''t have permission to do that.' using errcode = '42501';
  end if;
  target := to_regclass(format('public.%I', resource));
  if target is null then
    raise exception 'There is no table %.', resource using errcode = 'P0001';
  end if;
  if jsonb_typeof(rows) is distinct from 'array' or exists (
    select from jsonb_array_elements(rows) e where jsonb_typeof(e) <> 'object'
  ) then
    raise exception 'The rows must be a list of objects.' using errcode = 'P0001';
  end if;
  if jsonb_array_length(rows) > max_rows then
    raise exception 'At most % rows at once.', max_rows using errcode = 'P0001';
  end if;
  select a.attname::text into key_column
  from pg_catalog.pg_index i
  join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
  where i.indrelid = target and i.indisprimary and i.indnatts = 1;
  if key_column is null then
    raise exception '% has no single-column key.', resource using errcode = 'P0001';
  end if;
  if exists (select from jsonb_array_elements(rows) e where e ->> key_column is null) then
    raise exception 'Every row needs its %.', key_column using errcode = 'P0001';
  end if;

  if action = 'update' then
    if jsonb_typeof(changes) is distinct from 'object' or changes = '{}' then
      raise exception 'An update needs the values to set.' using errcode = 'P0001';
    end if;
    select k into error_column
    from jsonb_object_keys(changes) k
    where k in (key_column, 'version') or not exists (
      select from pg_catalog.pg_attribute a
      where a.attrelid = target and a.attname = k and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    )
    limit 1;
    if error_column is not null then
      raise exception '% has no column % to set.', resource, error_column using errcode = 'P0001';
    end if;
    set_list := (select string_agg(format('%1$I = c.%1$I', k), ', ') from jsonb_object_keys(changes) k);
    -- A versioned row is written only at the version it was listed with (app.bump_version).
    if exists (
      select from pg_catalog.pg_attribute a
      where a.attrelid = target and a.attname = 'version' and a.attnum > 0 and not a.attisdropped
    ) then
      set_list := set_list || ', version = coalesce(r.version, t.version)';
    end if;
    statement := format(
      'with done as (
         update %1$s t set %2$s
         from jsonb_populate_recordset(null::%1$s, $1) r, jsonb_populate_record(null::%1$s, $2) c
         where t.%3$I = r.%3$I
         returning t.%3$I::text as k)
       select coalesce(array_agg(k), ''{}'') from done',
      target, set_list, key_column);
  else
    statement := format(
      'with done as (
         delete from %1$s t using jsonb_populate_recordset(null::%1$s, $1) r
         where t.%2$I = r.%2$I
         returning t.%2$I::text as k)
       select coalesce(array_agg(k), ''{}'') from done',
      target, key_column);
  end if;

  -- Ranges still to try, as a stack (last pushed = next), starting with all rows.
  pending := array(select e from jsonb_array_elements(rows) e);
  if cardinality(pending) > 0 then
    range_starts := array[1];
    range_ends := array[cardinality(pending)];
  else
    range_starts := '{}';
    range_ends := '{}';
  end if;
  while cardinality(range_starts) > 0 loop
    first_row := range_starts[cardinality(range_starts)];
    last_row := range_ends[cardinality(range_ends)];
    range_starts := range_starts[1:cardinality(range_starts) - 1];
    range_ends := range_ends[1:cardinality(range_ends) - 1];
    begin
      execute statement into done_keys using to_jsonb(pending[first_row:last_row]), changes;
      select changed || coalesce(jsonb_agg(e -> key_column) filter (where e ->> key_column = any (done_keys)), '[]'),
             refused || coalesce(jsonb_agg(jsonb_build_object(
               'id', e -> key_column, 'code', '42501', 'message', 'no row changed',
               'details', null, 'constraint', null, 'column', null))
               filter (where not e ->> key_column = any (done_keys)), '[]')
      into changed, refused
      from unnest(pending[first_row:last_row]) e;
    exception
      when insufficient_privilege then raise;
      when others then
        if first_row < last_row then
          middle := (first_row + last_row) / 2;
          range_starts := range_starts || array[middle + 1, first_row];
          range_ends := range_ends || array[last_row, middle];
        else
          get stacked diagnostics
            error_state = returned_sqlstate, error_message = message_text, error_detail = pg_exception_detail,
            error_constraint = constraint_name, error_column = column_name;
          refused := refused || jsonb_build_object(
            'id', pending[first_row] -> key_column, 'code', error_state, 'message', error_message,
            'details', nullif(error_detail, ''), 'constraint', nullif(error_constraint, ''),
            'column', nullif(error_column, ''));
        end if;
    end;
  end loop;

  return jsonb_build_object('changed', changed, 'refused', refused);
end
$$;

revoke all on function public.bulk_write(text, text, jsonb, jsonb) from public;
grant execute on function public.bulk_write(text, text, jsonb, jsonb) to authenticated;
