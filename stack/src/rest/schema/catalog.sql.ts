// Catalog queries the schema cache is built from. $1 is the array of schemas.

export const RELATIONS_SQL = `
select n.nspname as schema, c.relname as name, c.relkind::text as kind,
       obj_description(c.oid, 'pg_class') as description,
       pg_relation_is_updatable(c.oid::regclass, true) as updatable_mask,
       coalesce(json_agg(json_build_object(
         'name', a.attname,
         'type', format_type(a.atttypid, a.atttypmod),
         'typname', coalesce(bt.typname, t.typname),
         'typschema', coalesce(btn.nspname, tn.nspname),
         'typtype', coalesce(bt.typtype, t.typtype)::text,
         'elemTypname', et.typname,
         'nullable', not a.attnotnull,
         'default', case
           when t.typtype = 'd' and d.adbin is null then pg_get_expr(t.typdefaultbin, 0)
           when a.attidentity = 'd' then format('nextval(%L)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname)::regclass)
           when a.attgenerated = 's' then null
           else pg_get_expr(d.adbin, d.adrelid) end,
         'identity', a.attidentity <> '',
         'generated', a.attgenerated <> '',
         'description', col_description(c.oid, a.attnum)
       ) order by a.attnum) filter (where a.attnum is not null), '[]') as columns
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
left join pg_type t on t.oid = a.atttypid
left join pg_namespace tn on tn.oid = t.typnamespace
left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
left join pg_namespace btn on btn.oid = bt.typnamespace
left join pg_type et on et.oid = coalesce(bt.typelem, t.typelem) and coalesce(bt.typcategory, t.typcategory) = 'A'
left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
where n.nspname = any($1) and c.relkind in ('r', 'v', 'm', 'f', 'p')
group by n.nspname, c.relname, c.relkind, c.oid`;

/** A constraint's columns and, for a foreign key, the referenced table and columns, in key order. */
const KEY_COLUMNS = `array(select a.attname::text from unnest(con.conkey) with ordinality k(num, ord)
             join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.ord) as cols,
       fn.nspname as fschema, fc.relname as ftable,
       array(select a.attname::text from unnest(con.confkey) with ordinality k(num, ord)
             join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.ord) as fcols`;

export const CONSTRAINTS_SQL = `
select con.conname as name, con.contype::text as type, n.nspname as schema, c.relname as "table",
       ${KEY_COLUMNS}
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_namespace n on n.oid = c.relnamespace
left join pg_class fc on fc.oid = con.confrelid
left join pg_namespace fn on fn.oid = fc.relnamespace
where con.contype in ('p', 'u', 'f') and n.nspname = any($1)
order by con.conname`;

export const FUNCTIONS_SQL = `
select p.oid::int8 as oid, n.nspname as schema, p.proname as name, p.provolatile::text as volatility,
       p.proretset as returns_set, format_type(p.prorettype, null) as return_type,
       rt.typname as return_typname, rtn.nspname as return_typschema, rt.typtype::text as return_typtype,
       rc.relkind::text as return_relkind,
       p.pronargdefaults as ndefaults, p.provariadic <> 0 as variadic, p.proargnames is not null as named_args,
       obj_description(p.oid, 'pg_proc') as description,
       coalesce((select json_agg(json_build_object(
           'name', coalesce(p.proargnames[k.ord], ''),
           'mode', coalesce(p.proargmodes[k.ord], 'i'),
           'type', format_type(k.typ, null),
           'typname', coalesce(bt.typname, t.typname),
           'typschema', coalesce(btn.nspname, tn.nspname),
           'typtype', coalesce(bt.typtype, t.typtype)::text,
           'elemTypname', et.typname) order by k.ord)
         from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality k(typ, ord)
         join pg_type t on t.oid = k.typ
         join pg_namespace tn on tn.oid = t.typnamespace
         left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
         left join pg_namespace btn on btn.oid = bt.typnamespace
         left join pg_type et on et.oid = coalesce(bt.typelem, t.typelem) and coalesce(bt.typcategory, t.typcategory) = 'A'
       ), '[]') as args
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
join pg_namespace rtn on rtn.oid = rt.typnamespace
left join pg_class rc on rc.oid = rt.typrelid
where n.nspname = any($1) and p.prokind = 'f'
  -- Trigger and event-trigger functions run only as triggers: no RPC (docs/rest.md).
  and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
order by p.proname, p.oid`;

export const ENUMS_SQL = `
select n.nspname as schema, t.typname as name, array_agg(e.enumlabel::text order by e.enumsortorder) as "values"
from pg_type t join pg_namespace n on n.oid = t.typnamespace join pg_enum e on e.enumtypid = t.oid
where n.nspname = any($1)
group by n.nspname, t.typname`;

export const COMPOSITES_SQL = `
select n.nspname as schema, t.typname as name, c.relkind::text as relkind,
       coalesce(json_agg(json_build_object(
         'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
         'typname', coalesce(a_base.typname, at.typname),
         'typschema', coalesce(a_basens.nspname, at_ns.nspname),
         'typtype', coalesce(a_base.typtype, at.typtype)::text) order by a.attnum) filter (where a.attnum is not null), '[]') as attributes
from pg_type t
join pg_namespace n on n.oid = t.typnamespace
join pg_class c on c.oid = t.typrelid
left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
left join pg_type at on at.oid = a.atttypid
left join pg_namespace at_ns on at_ns.oid = at.typnamespace
left join pg_type a_base on at.typtype = 'd' and a_base.oid = at.typbasetype
left join pg_namespace a_basens on a_basens.oid = a_base.typnamespace
where (n.nspname = any($1) or t.oid in (select prorettype from pg_proc p join pg_namespace pn on pn.oid = p.pronamespace where pn.nspname = any($1)))
group by n.nspname, t.typname, c.relkind`;

/**
 * Which base-table column each column of an exposed view shows, as PostgREST's
 * schema cache finds it: the view's query tree (pg_rewrite) records for every plain
 * column reference its origin table and column (resorigtbl/resorigcol), followed
 * through views on views. Subqueries inside a view add entries too; a view column
 * that ends up with more than one origin is ambiguous and dropped by the loader.
 */
export const VIEW_COLUMNS_SQL = `
with recursive entries as (
  select r.ev_class as view_oid, replace(m[1], '\\', '') as col, m[2]::oid as tbl, m[3]::int2 as attnum
  from pg_rewrite r
  join pg_class c on c.oid = r.ev_class and c.relkind in ('v', 'm')
  cross join lateral regexp_matches(r.ev_action::text,
    ':resname ((?:[^ \\\\]|\\\\.)+) :ressortgroupref \\d+ :resorigtbl (\\d+) :resorigcol (\\d+) :resjunk false', 'g') m
  where r.rulename = '_RETURN' and m[2] <> '0'
),
lineage as (
  select e.view_oid, e.col, e.tbl, a.attname::text as src_col, 1 as depth
  from entries e join pg_attribute a on a.attrelid = e.tbl and a.attnum = e.attnum
  union all
  select l.view_oid, l.col, e.tbl, a.attname::text, l.depth + 1
  from lineage l
  join entries e on e.view_oid = l.tbl and e.col = l.src_col
  join pg_attribute a on a.attrelid = e.tbl and a.attnum = e.attnum
  where l.depth < 16
)
select distinct vn.nspname as view_schema, v.relname as view, l.col as view_column,
       tn.nspname as table_schema, t.relname as "table", l.src_col as table_column
from lineage l
join pg_class v on v.oid = l.view_oid
join pg_namespace vn on vn.oid = v.relnamespace
join pg_class t on t.oid = l.tbl and t.relkind in ('r', 'p', 'f')
join pg_namespace tn on tn.oid = t.relnamespace
where vn.nspname = any($1)`;

/** Foreign keys of every user schema: views may show tables of schemas that are not exposed. */
export const ALL_FOREIGN_KEYS_SQL = `
select con.conname as name, n.nspname as schema, c.relname as "table",
       ${KEY_COLUMNS}
from pg_constraint con
join pg_class c on c.oid = con.conrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_class fc on fc.oid = con.confrelid
join pg_namespace fn on fn.oid = fc.relnamespace
where con.contype = 'f' and n.nspname not in ('pg_catalog', 'information_schema')
order by con.conname`;

/**
 * Computed relationships (PostgREST's allComputedRels): a function of one row of a
 * table or view that returns rows of a table or view embeds like a foreign key. It is
 * to-one when it returns one row (not SETOF, or `ROWS 1`).
 */
export const COMPUTED_RELATIONSHIPS_SQL = `
select pn.nspname as schema, p.proname as name,
       an.nspname as table_schema, ac.relname as "table",
       rn.nspname as target_schema, rc.relname as target,
       not p.proretset or p.prorows = 1 as single_row
from pg_proc p
join pg_namespace pn on pn.oid = p.pronamespace
join pg_class ac on ac.reltype = p.proargtypes[0] and ac.relkind in ('v', 'r', 'm', 'f', 'p')
join pg_namespace an on an.oid = ac.relnamespace
join pg_class rc on rc.reltype = p.prorettype and rc.relkind in ('v', 'r', 'm', 'f', 'p')
join pg_namespace rn on rn.oid = rc.relnamespace
where p.pronargs = 1 and an.nspname = any($1) and rn.nspname = any($1)
order by p.proname, p.oid`;
