-- Every rule the demo's triggers and functions refuse an operator's change with now carries a
-- stable code, as the store's rules do since 20250712100000_store_rules (docs/architecture.md
-- "Errors by code"): SQLSTATE P0001, the code in HINT, the facts as JSON in DETAIL, raised
-- through app.refuse. The console words each refusal by its code (src/providers/ruleErrors.ts)
-- and never reads the English sentence, which stays as MESSAGE for psql and other clients.
-- Each function below is its latest definition (named above it) with only its raises changed.
--
--   code                     facts   sentence
--   staff_last_admin         {}      At least one active admin must remain.
--   staff_own_deactivate     {}      You cannot deactivate your own account.
--   staff_own_role           {}      You cannot change your own role.
--   staff_own_delete         {}      You cannot remove your own staff account.
--   permissions_own_access   {}      You cannot remove your own role's access to permissions.
--   audit_log_append_only    {}      The audit log cannot be changed.
--   record_key_fixed         {}      Record keys cannot be changed.
--   customer_merge_self      {}      A customer cannot be merged with itself.
--   customer_gone            {}      That customer no longer exists.
--   import_not_rows          {}      The import must be a list of rows.
--   import_too_many_rows     {max}   A CSV file can have at most <max> rows.
--   bulk_too_many_rows       {max}   At most <max> rows at once.
--
-- What is left as plain P0001 sentences names a mistake of the caller's request (an unknown
-- table or column in import_rows / bulk_write), which the console never makes on purpose.

-- app.staff_keep_an_admin, as 20250710100100_last_admin_serialised.sql left it, its refusals by code.
create or replace function app.staff_keep_an_admin() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.role = 'admin' and old.active
     and (tg_op = 'DELETE' or new.role <> 'admin' or not new.active) then
    perform 1 from public.staff s
    where s.role = 'admin' and s.active and s.user_id <> old.user_id
    for share;
    if not found then
      perform app.refuse('staff_last_admin', 'At least one active admin must remain.');
    end if;
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end
$$;

-- app.staff_not_self, as 20250602100000_staff_admin.sql left it, its refusals by code.
create or replace function app.staff_not_self() returns trigger
language plpgsql set search_path = '' as $$
begin
  if old.user_id = auth.uid() then
    if old.active and not new.active then
      perform app.refuse('staff_own_deactivate', 'You cannot deactivate your own account.');
    end if;
    if new.role <> old.role then
      perform app.refuse('staff_own_role', 'You cannot change your own role.');
    end if;
  end if;
  return new;
end
$$;

-- app.staff_not_self_delete, as 20250616100000_staff_not_self_delete.sql left it, its refusals by code.
create or replace function app.staff_not_self_delete() returns trigger
language plpgsql set search_path = '' as $$
begin
  if old.user_id = auth.uid() then
    perform app.refuse('staff_own_delete', 'You cannot remove your own staff account.');
  end if;
  return old;
end
$$;

-- app.permissions_keep_own_access, as 20250601100100_triggers.sql left it, its refusals by code.
create or replace function app.permissions_keep_own_access() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  caller_role public.staff_role;
begin
  if old.resource = 'permissions' and old.action in ('list', 'edit')
     and (tg_op = 'DELETE' or (new.role, new.resource, new.action) is distinct from (old.role, old.resource, old.action)) then
    select s.role into caller_role from public.staff s where s.user_id = auth.uid() and s.active;
    if caller_role = old.role then
      perform app.refuse('permissions_own_access', 'You cannot remove your own role''s access to permissions.');
    end if;
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end
$$;

-- app.audit_log_append_only, as 20250601100100_triggers.sql left it, its refusals by code.
create or replace function app.audit_log_append_only() returns trigger
language plpgsql set search_path = '' as $$
begin
  perform app.refuse('audit_log_append_only', 'The audit log cannot be changed.');
end
$$;

-- app.audit_rows, as 20250712100100_bulk_write_unchanged.sql left it, its refusals by code.
create or replace function app.audit_rows() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  record_key text := (
    select string_agg(format('t.%I::text', k), ' || '':'' || ' order by n) from unnest(tg_argv) with ordinality as a(k, n)
  );
  paired boolean;
begin
  if tg_op = 'UPDATE' then
    execute format(
      'with o as (select jsonb_object_agg(%1$s, to_jsonb(t) - ''search'' - ''category_name'') as by_key from old_rows t),
            n as (select %1$s as k, to_jsonb(t) - ''search'' - ''category_name'' as r from new_rows t),
            paired as (select n.k, o.by_key -> n.k as old_r, n.r as new_r from n, o where o.by_key ? n.k),
            logged as (
              insert into public.audit_log (actor_id, actor_email, table_name, record_id, action, old, new, changed)
              select $1, $2, $3, p.k, ''UPDATE'', p.old_r, p.new_r,
                     array(select e.key from jsonb_each(p.new_r) e where e.value is distinct from p.old_r -> e.key order by e.key)
              from paired p
              where p.old_r - ''version'' - ''updated_at'' is distinct from p.new_r - ''version'' - ''updated_at''
              order by p.k
              returning 1)
       select (select count(*) from paired) = (select count(*) from n)', record_key)
    into paired
    using auth.uid(), auth.jwt() ->> 'email', tg_table_name;
    if not paired then
      perform app.refuse('record_key_fixed', 'Record keys cannot be changed.');
    end if;
  else
    execute format(
      'insert into public.audit_log (actor_id, actor_email, table_name, record_id, action, old, new)
       select $1, $2, $3, %s, $4, case when $4 = ''DELETE'' then r end, case when $4 = ''INSERT'' then r end
       from (select t, to_jsonb(t) - ''search'' - ''category_name'' as r from %I t) changed_rows',
      replace(record_key, 't.', '(changed_rows.t).'), case tg_op when 'INSERT' then 'new_rows' else 'old_rows' end)
    using auth.uid(), auth.jwt() ->> 'email', tg_table_name, tg_op;
  end if;
  return null;
end
$$;

-- public.merge_customers, as 20250712100000_store_rules.sql left it, its refusals by code.
create or replace function public.merge_customers(keep_id uuid, keep_version int, duplicate_id uuid, duplicate_version int)
returns jsonb
language plpgsql volatile security invoker set search_path = '' as $$
declare
  found_rows int;
  moved int;
begin
  if not ((select app.can('customers', 'edit')) and (select app.can('customers', 'delete'))) then
    raise exception 'You don''t have permission to do that.' using errcode = '42501';
  end if;
  if keep_id = duplicate_id then
    perform app.refuse('customer_merge_self', 'A customer cannot be merged with itself.');
  end if;
  -- Lock both, in a fixed order, so two merges of one pair cannot interleave.
  perform 1 from public.customers where id in (keep_id, duplicate_id) order by id for update;
  get diagnostics found_rows = row_count;
  if found_rows < 2 then
    perform app.refuse('customer_gone', 'That customer no longer exists.');
  end if;
  if exists (
    select 1 from public.customers c
    where (c.id = keep_id and c.version <> keep_version) or (c.id = duplicate_id and c.version <> duplicate_version)
  ) then
    raise exception 'Someone else changed one of these customers. Reload to see their changes.'
      using errcode = 'PT409';
  end if;
  perform set_config('opsdesk.merging_customer', duplicate_id::text, true);
  update public.orders set customer_id = keep_id where customer_id = duplicate_id;
  get diagnostics moved = row_count;
  perform set_config('opsdesk.merging_customer', '', true);
  delete from public.customers where id = duplicate_id;
  return jsonb_build_object('kept', keep_id, 'removed', duplicate_id, 'moved_orders', moved);
end
$$;

-- public.import_rows, as 20250611100000_import_rows.sql left it, its refusals by code.
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
    raise exception 'There is no table %.', resource using errcode = 'P0001';
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

-- public.bulk_write, as 20250712100100_bulk_write_unchanged.sql left it, its refusals by code.
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
    perform app.refuse('bulk_too_many_rows', format('At most %s rows at once.', max_rows), jsonb_build_object('max', max_rows));
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
