-- bulk_write (20250703100000_bulk_write.sql), as there, with two changes (issue 27 C5):
--
--   bulk_write(resource, action, rows, changes) → {changed, unchanged, refused}
--
-- · An update writes only the rows it changes. A row that already holds the values (a
--   product set to the status it has) is not written: its version stays, no audit entry
--   says "no changes", and it comes back in `unchanged` instead of `changed`.
-- · A refused row carries the error's HINT too: the store's rules (20250712100000_store_rules.sql)
--   name themselves there with a machine-readable code, which the console words.
--
-- And the audit trail writes no entry for an update that changed nothing but a row's
-- bookkeeping (its version and updated_at): a form saved without a change, say.

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


-- The audit trigger (20250701100100_products_category_name.sql), leaving out updates that
-- changed only version and updated_at.
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
      raise exception 'Record keys cannot be changed.' using errcode = 'P0001';
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
