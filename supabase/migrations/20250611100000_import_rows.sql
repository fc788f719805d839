-- CSV import (issue 5, docs/product.md §9): one RPC validates a whole file against the
-- database and then writes it all or nothing.
--
--   import_rows(resource, rows, labels, dry_run) → {inserted, committed, errors, truncated}
--
-- `rows` is a JSON array of objects keyed by column name (a missing key takes the
-- column's default). `labels` maps a foreign-key column to a column of the table it
-- references, when the file names the referenced row by that label instead of its
-- key ({"category_id": "name"}: the file says "Books", the row gets its id).
--
-- The file is inserted in file order, and each failing row is found without
-- hiding the next: a range of rows that fails is halved until the single bad rows
-- are known (a clean file is a few inserts of 500 rows per set of columns; k bad
-- rows cost about 2·k·log2(500) smaller inserts instead of n subtransactions).
-- Each failure becomes {row (1-based), code, message, details, constraint,
-- column}, the raw parts of the database error, which the console turns into the
-- same docs/product.md §8 messages its forms show. Checking stops after 100 errors (`truncated`). A dry run, or a file with any
-- error, is rolled back; otherwise every row is committed.
--
-- Security invoker: RLS and the table's grants apply as for any insert (`create`),
-- and the caller must also hold `import` on the resource.
--
-- Errors of the call itself (nothing imported):
--   42501  You don't have permission to do that.
--   P0001  A CSV file can have at most 5000 rows.
--   P0001  The import must be a list of rows.
--   P0001  <resource> has no column <column>. / <column> is not a reference …

create function public.import_rows(resource text, rows jsonb, labels jsonb default '{}', dry_run boolean default true)
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
    raise exception 'There is no table %.', resource using errcode = 'P0001';
  end if;
  if jsonb_typeof(rows) is distinct from 'array' or exists (
    select from jsonb_array_elements(rows) e where jsonb_typeof(e) <> 'object'
  ) then
    raise exception 'The import must be a list of rows.' using errcode = 'P0001';
  end if;
  if jsonb_array_length(rows) > max_rows then
    raise exception 'A CSV file can have at most % rows.', max_rows using errcode = 'P0001';
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
    raise exception '% has no column %.', resource, error_column using errcode = 'P0001';
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
      raise exception '% is not a reference of %.', label_column, resource using errcode = 'P0001';
    end if;
    if not exists (
      select from pg_catalog.pg_attribute a
      where a.attrelid = ref_table and a.attname = label_field and a.attnum > 0 and not a.attisdropped
    ) then
      raise exception '% has no column %.', ref_table, label_field using errcode = 'P0001';
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

revoke all on function public.import_rows(text, jsonb, jsonb, boolean) from public;
grant execute on function public.import_rows(text, jsonb, jsonb, boolean) to authenticated;
