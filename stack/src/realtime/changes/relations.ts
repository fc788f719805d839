// What the change feed needs to know about a published table, read from the catalog
// once per relation (and again when pgoutput announces a new relation version).
import type pg from "pg";
import { type ColumnCodec, codecFor } from "./values.js";

export interface RelationColumn {
  name: string;
  /** `pg_type.typname`, as upstream reports it in `columns`. */
  type: string;
  /** `format_type(...)`: the SQL type to cast key values to. */
  sqlType: string;
  codec: ColumnCodec;
  /** A stored generated column: not in the WAL (PG 17), computed where needed. */
  generated: boolean;
}

export interface RelationInfo {
  oid: number;
  schema: string;
  table: string;
  columns: RelationColumn[];
  primaryKey: string[];
  rlsEnabled: boolean;
}

const RELATION_SQL = `
  select n.nspname as schema, c.relname as table, c.relrowsecurity as rls,
         coalesce((select array_agg(a.attname::text order by k.ord)
                     from pg_index i
                     cross join unnest(i.indkey) with ordinality k(attnum, ord)
                     join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
                    where i.indrelid = c.oid and i.indisprimary), '{}') as pk
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.oid = $1`;

// Domains are decoded as their base type; arrays by their element type.
const COLUMNS_SQL = `
  select a.attname as name, t.typname as type, format_type(a.atttypid, null) as sql_type,
         bt.typname as base, et.typname as elem, a.attgenerated <> '' as generated
    from pg_attribute a
    join pg_type t on t.oid = a.atttypid
    join pg_type bt on bt.oid = case when t.typtype = 'd' then t.typbasetype else t.oid end
    left join pg_type et on et.oid = bt.typelem and bt.typcategory = 'A'
   where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped
   order by a.attnum`;

const PRIVILEGES_SQL = `
  select coalesce(array_agg(a.attname::text order by a.attnum), '{}') as columns
    from pg_attribute a
   where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped
     and has_column_privilege($2, $1::oid, a.attnum, 'SELECT')`;

/** Column privileges change without a new relation message (GRANT): re-read them now and then. */
const PRIVILEGE_TTL_MS = 2_000;

export class RelationCatalog {
  private readonly relations = new Map<number, Promise<RelationInfo>>();
  private readonly privileges = new Map<string, { at: number; columns: Promise<Set<string>> }>();

  constructor(private readonly pool: pg.Pool) {}

  /** Called for every pgoutput relation message: the table may have changed. */
  invalidate(oid: number): void {
    this.relations.delete(oid);
    for (const key of this.privileges.keys()) if (key.startsWith(`${oid}:`)) this.privileges.delete(key);
  }

  get(oid: number): Promise<RelationInfo> {
    let info = this.relations.get(oid);
    if (!info) {
      info = this.load(oid);
      info.catch(() => this.relations.delete(oid));
      this.relations.set(oid, info);
    }
    return info;
  }

  /** Columns `role` may select (upstream sends only those). */
  selectableColumns(oid: number, role: string): Promise<Set<string>> {
    const key = `${oid}:${role}`;
    const cached = this.privileges.get(key);
    if (cached && Date.now() - cached.at < PRIVILEGE_TTL_MS) return cached.columns;
    const columns = this.pool
      .query<{ columns: string[] }>(PRIVILEGES_SQL, [oid, role])
      .then((r) => new Set(r.rows[0]?.columns ?? []));
    columns.catch(() => this.privileges.delete(key));
    this.privileges.set(key, { at: Date.now(), columns });
    return columns;
  }

  private async load(oid: number): Promise<RelationInfo> {
    const [rel, cols] = await Promise.all([
      this.pool.query<{ schema: string; table: string; rls: boolean; pk: string[] }>(RELATION_SQL, [oid]),
      this.pool.query<{
        name: string;
        type: string;
        sql_type: string;
        base: string;
        elem: string | null;
        generated: boolean;
      }>(COLUMNS_SQL, [oid]),
    ]);
    const row = rel.rows[0];
    if (!row) throw new Error(`relation ${oid} no longer exists`);
    return {
      oid,
      schema: row.schema,
      table: row.table,
      rlsEnabled: row.rls,
      primaryKey: row.pk,
      columns: cols.rows.map((c) => ({
        name: c.name,
        type: c.type,
        sqlType: c.sql_type,
        codec: codecFor(c.base, c.elem),
        generated: c.generated,
      })),
    };
  }
}
