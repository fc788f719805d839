-- The mistakes of a request's shape that import_rows and bulk_write refused with a plain P0001
-- sentence (20250721100000_rule_codes.sql left them so: "a mistake the console never makes on
-- purpose") now carry a code too, raised through app.refuse like every other rule (SQLSTATE
-- P0001, the code in HINT, the facts as JSON in DETAIL), so the console words them by code in
-- the operator's language (src/providers/ruleErrors.ts; docs/architecture.md "Errors by code").
-- Each function below is its latest definition (named above it) with only these raises changed.
--
--   code                       facts            sentence
--   request_no_table           {table}          There is no table <table>.
--   request_unknown_column     {table, column}  <table> has no column <column>.
--   import_not_a_reference     {table, column}  <column> is not a reference of <table>.
--   bulk_bad_action            {action}         A bulk action updates or deletes.
--   bulk_not_rows              {}               The rows must be a list of objects.
--   bulk_no_key                {table}          <table> has no single-column key.
--   bulk_key_missing           {column}         Every row needs its <column>.
--   bulk_no_changes            {}               An update needs the values to set.
--   bulk_column_not_settable   {table, column}  <table> has no column <column> to set.
--
-- What stays without a hint: 42501 "You don't have permission to do that." (a permission error,
-- worded by its SQLSTATE) and the internal OD000 that rolls a dry run back.

-- public.import_rows, as 20250721100000_rule_codes.sql left it, its request's mistakes by code.
create or replace function public.import_rows(resource text, rows jsonb, labels jsonb default '{}', dry_run boolean default true)
returns jsonb
language plpgsql volatile security invoker set search_path = '' as $$
declare
  max_rows constant int := 5000;
  max_errors constant int := 100;
  -- Large enough that a clean file takes few statements, small enough that a bad row
  -- costs only its chunk's halvings.
  chunk_rows constant int := 500;
  target regclass;
  writable text[];
  label_column text;
  label_field text;
  ref_table regclass;
  ref_key text;
  found_ids jsonb;
  resolved jsonb := '[]';
  row_errors jsonb := '[]';
  pending jsonb[];
  range_starts int[] := '{}';
  range_ends int[] := '{}';
  first_row int;
  last_row int;
  middle int;
  range_inserted int;
  statement_rows int;
  truncated boolean;
  key_set text[];
  column_list text;
  error_state text;
  error_message text;
  error_detail text;
  error_constraint text;
  error_column text;
  inserted int := 0;
begin
  if not (select app.can(resource, 'import')) then
    raise exception 'You don''t have permission to do that.' using errcode = '42501';
  end if;
  target := to_regclass(format('public.%I', resource));
  if target is null then
    perform app.refuse('request_no_table', format('There is no table %s.', resource), jsonb_build_object('table', resource));
  end if;
  if jsonb_typeof(rows) is distinct from 'array' or exists (
    select from jsonb_array_elements(rows) e where jsonb_typeof(e) <> 'object'
  ) then
    perform app.refuse('import_not_rows', 'The import must be a list of rows.');
  end if;
  if jsonb_array_length(rows) > max_rows then
    perform app.refuse('import_too_many_rows', format('A CSV file can have at most %s rows.', max_rows), jsonb_build_object('max', max_rows));
  end if;

  -- Columns a file may fill: not generated, not dropped, not identity "always".
  select array_agg(a.attname::text) into writable
  from pg_catalog.pg_attribute a
  where a.attrelid = target and a.attnum > 0 and not a.attisdropped
    and a.attgenerated = '' and a.attidentity <> 'a';
  select k into error_column
  from (select distinct jsonb_object_keys(e) as k from jsonb_array_elements(rows) e) keys
  where not k = any (writable)
  limit 1;
  if error_column is not null then
    perform app.refuse('request_unknown_column', format('%s has no column %s.', resource, error_column),
      jsonb_build_object('table', resource, 'column', error_column));
  end if;

  -- Labels → keys, one query per reference column. A label no row carries is that
  -- row's foreign key error; a label several rows carry cannot pick one.
  resolved := rows;
  for label_column, label_field in select * from jsonb_each_text(coalesce(labels, '{}')) loop
    select c.confrelid::regclass, ra.attname::text into ref_table, ref_key
    from pg_catalog.pg_constraint c
    join pg_catalog.pg_attribute la on la.attrelid = c.conrelid and la.attnum = c.conkey[1]
    join pg_catalog.pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
    where c.conrelid = target and c.contype = 'f' and cardinality(c.conkey) = 1 and la.attname = label_column;
    if ref_table is null then
      perform app.refuse('import_not_a_reference', format('%s is not a reference of %s.', label_column, resource),
        jsonb_build_object('table', resource, 'column', label_column));
    end if;
    if not exists (
      select from pg_catalog.pg_attribute a
      where a.attrelid = ref_table and a.attname = label_field and a.attnum > 0 and not a.attisdropped
    ) then
      perform app.refuse('request_unknown_column', format('%s has no column %s.', ref_table, label_field),
        jsonb_build_object('table', ref_table::text, 'column', label_field));
    end if;
    execute format(
      'select coalesce(jsonb_object_agg(l.label, l.keys), ''{}'')
       from (select t.%1$I::text as label, jsonb_agg(t.%2$I) as keys
             from %3$s t
             where t.%1$I::text in (select distinct e ->> $1 from jsonb_array_elements($2) e)
             group by 1) l',
      label_field, ref_key, ref_table)
    into found_ids using label_column, rows;
    select coalesce(jsonb_agg(
             case
               when not (r.value ? label_column) or r.value ->> label_column is null then r.value
               when jsonb_array_length(coalesce(found_ids -> (r.value ->> label_column), '[]')) = 1
                 then r.value || jsonb_build_object(label_column, found_ids -> (r.value ->> label_column) -> 0)
               else r.value || jsonb_build_object(label_column, null)
                 || jsonb_build_object('$unresolved', jsonb_build_object(
                      'column', label_column, 'label', r.value ->> label_column,
                      'table', ref_table::text,
                      'ambiguous', jsonb_array_length(coalesce(found_ids -> (r.value ->> label_column), '[]')) > 1))
             end order by r.n), '[]')
    into resolved
    from jsonb_array_elements(resolved) with ordinality r(value, n);
  end loop;

  -- Rows that name a missing or ambiguous label fail now and are skipped below.
  select coalesce(jsonb_agg(jsonb_build_object(
           'row', r.n, 'code', '23503', 'column', r.value -> '$unresolved' ->> 'column',
           'label', r.value -> '$unresolved' ->> 'label',
           'ambiguous', (r.value -> '$unresolved' ->> 'ambiguous')::boolean,
           'message', format('No row of %s is labelled "%s".', r.value -> '$unresolved' ->> 'table',
                             r.value -> '$unresolved' ->> 'label'),
           'details', null, 'constraint', null) order by r.n), '[]')
  into row_errors
  from jsonb_array_elements(resolved) with ordinality r(value, n)
  where r.value ? '$unresolved';
  pending := array(select r.value from jsonb_array_elements(resolved) with ordinality r(value, n) order by r.n);

  begin
    -- Ranges of rows still to insert, as a stack (last pushed = next), starting with
    -- chunks of the file in order. A range that fails is halved, left half first, down
    -- to the single rows that fail; so the rows before a bad one are in place when it
    -- is tried, as if inserted one by one in file order.
    select coalesce(array_agg(c order by c desc), '{}'), coalesce(array_agg(least(c + chunk_rows - 1, cardinality(pending)) order by c desc), '{}')
    into range_starts, range_ends
    from generate_series(1, cardinality(pending), chunk_rows) c;
    while cardinality(range_starts) > 0 and jsonb_array_length(row_errors) < max_errors loop
      first_row := range_starts[cardinality(range_starts)];
      last_row := range_ends[cardinality(range_ends)];
      range_starts := range_starts[1:cardinality(range_starts) - 1];
      range_ends := range_ends[1:cardinality(range_ends) - 1];
      begin
        range_inserted := 0;
        for key_set in
          select distinct array(select jsonb_object_keys(e) order by 1)
          from unnest(pending[first_row:last_row]) e
          where not e ? '$unresolved'
        loop
          column_list := (select string_agg(format('%I', k), ', ') from unnest(key_set) k);
          execute format(
            'insert into %1$s (%2$s) select %2$s
             from unnest($1) with ordinality r(value, n), jsonb_populate_record(null::%1$s, r.value)
             where array(select jsonb_object_keys(r.value) order by 1) = $2
             order by r.n',
            target, column_list)
          using pending[first_row:last_row], key_set;
          get diagnostics statement_rows = row_count;
          range_inserted := range_inserted + statement_rows;
        end loop;
        inserted := inserted + range_inserted;
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
            row_errors := row_errors || jsonb_build_object(
              'row', first_row, 'code', error_state, 'message', error_message,
              'details', nullif(error_detail, ''), 'constraint', nullif(error_constraint, ''),
              'column', nullif(error_column, ''));
          end if;
      end;
    end loop;
    truncated := cardinality(range_starts) > 0;

    -- Undo everything unless this is a commit of a clean file.
    if dry_run or jsonb_array_length(row_errors) > 0 then
      raise exception 'rolled back' using errcode = 'OD000';
    end if;
  exception
    when sqlstate 'OD000' then null;
  end;

  return jsonb_build_object(
    'inserted', inserted,
    'committed', not dry_run and jsonb_array_length(row_errors) = 0,
    'errors', (select coalesce(jsonb_agg(e order by (e ->> 'row')::int), '[]') from jsonb_array_elements(row_errors) e),
    -- Checking stopped at max_errors: the rows after the last reported one were not all tried.
    'truncated', truncated);
end
$$;

-- public.bulk_write, as 20250721100000_rule_codes.sql left it, its request's mistakes by code.
create or replace function public.bulk_write(resource text, action text, rows jsonb, changes jsonb default '{}')
returns jsonb
language plpgsql volatile security invoker set search_path = '' as $$
declare
  max_rows constant int := 5000;
  target regclass;
  key_column text;
  set_list text;
  differs text;
  statement text;
  unchanged_statement text;
  rest jsonb;
  same_keys text[];
  pending jsonb[];
  range_starts int[];
  range_ends int[];
  first_row int;
  last_row int;
  middle int;
  done_keys text[];
  changed jsonb := '[]';
  unchanged jsonb := '[]';
  refused jsonb := '[]';
  error_state text;
  error_message text;
  error_detail text;
  error_constraint text;
  error_column text;
  error_hint text;
begin
  if action is null or action not in ('update', 'delete') then
    perform app.refuse('bulk_bad_action', 'A bulk action updates or deletes.', jsonb_build_object('action', action));
  end if;
  if not (select app.can(resource, case action when 'update' then 'edit' else 'delete' end)) then
    raise exception 'You don''t have permission to do that.' using errcode = '42501';
  end if;
  target := to_regclass(format('public.%I', resource));
  if target is null then
    perform app.refuse('request_no_table', format('There is no table %s.', resource), jsonb_build_object('table', resource));
  end if;
  if jsonb_typeof(rows) is distinct from 'array' or exists (
    select from jsonb_array_elements(rows) e where jsonb_typeof(e) <> 'object'
  ) then
    perform app.refuse('bulk_not_rows', 'The rows must be a list of objects.');
  end if;
  if jsonb_array_length(rows) > max_rows then
    perform app.refuse('bulk_too_many_rows', format('At most %s rows at once.', max_rows), jsonb_build_object('max', max_rows));
  end if;
  select a.attname::text into key_column
  from pg_catalog.pg_index i
  join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
  where i.indrelid = target and i.indisprimary and i.indnatts = 1;
  if key_column is null then
    perform app.refuse('bulk_no_key', format('%s has no single-column key.', resource), jsonb_build_object('table', resource));
  end if;
  if exists (select from jsonb_array_elements(rows) e where e ->> key_column is null) then
    perform app.refuse('bulk_key_missing', format('Every row needs its %s.', key_column), jsonb_build_object('column', key_column));
  end if;

  if action = 'update' then
    if jsonb_typeof(changes) is distinct from 'object' or changes = '{}' then
      perform app.refuse('bulk_no_changes', 'An update needs the values to set.');
    end if;
    select k into error_column
    from jsonb_object_keys(changes) k
    where k in (key_column, 'version') or not exists (
      select from pg_catalog.pg_attribute a
      where a.attrelid = target and a.attname = k and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    )
    limit 1;
    if error_column is not null then
      perform app.refuse('bulk_column_not_settable', format('%s has no column %s to set.', resource, error_column),
        jsonb_build_object('table', resource, 'column', error_column));
    end if;
    set_list := (select string_agg(format('%1$I = c.%1$I', k), ', ') from jsonb_object_keys(changes) k);
    -- Only rows the change changes: a row already holding the values keeps its version and
    -- gets no audit entry; it is reported as unchanged.
    differs := (
      select format('row(%s) is distinct from row(%s)', string_agg(format('t.%I', k), ', '), string_agg(format('c.%I', k), ', '))
      from jsonb_object_keys(changes) k);
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
         where t.%3$I = r.%3$I and %4$s
         returning t.%3$I::text as k)
       select coalesce(array_agg(k), ''{}'') from done',
      target, set_list, key_column, differs);
    unchanged_statement := format(
      'select coalesce(array_agg(t.%2$I::text), ''{}'')
       from %1$s t
       join jsonb_populate_recordset(null::%1$s, $1) r on t.%2$I = r.%2$I
       cross join jsonb_populate_record(null::%1$s, $2) c
       where not (%3$s)',
      target, key_column, differs);
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
      same_keys := '{}';
      if unchanged_statement is not null then
        rest := (select coalesce(jsonb_agg(e), '[]') from unnest(pending[first_row:last_row]) e
                 where not e ->> key_column = any (done_keys));
        if jsonb_array_length(rest) > 0 then
          execute unchanged_statement into same_keys using rest, changes;
        end if;
      end if;
      select changed || coalesce(jsonb_agg(e -> key_column) filter (where e ->> key_column = any (done_keys)), '[]'),
             unchanged || coalesce(jsonb_agg(e -> key_column) filter (where e ->> key_column = any (same_keys)), '[]'),
             refused || coalesce(jsonb_agg(jsonb_build_object(
               'id', e -> key_column, 'code', '42501', 'message', 'no row changed',
               'details', null, 'hint', null, 'constraint', null, 'column', null))
               filter (where not e ->> key_column = any (done_keys || same_keys)), '[]')
      into changed, unchanged, refused
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
            error_constraint = constraint_name, error_column = column_name, error_hint = pg_exception_hint;
          refused := refused || jsonb_build_object(
            'id', pending[first_row] -> key_column, 'code', error_state, 'message', error_message,
            'details', nullif(error_detail, ''), 'hint', nullif(error_hint, ''),
            'constraint', nullif(error_constraint, ''), 'column', nullif(error_column, ''));
        end if;
    end;
  end loop;

  return jsonb_build_object('changed', changed, 'unchanged', unchanged, 'refused', refused);
end
$$;
