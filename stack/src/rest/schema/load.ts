// Builds the schema cache from the catalogs (as the superuser: it must see every
// table; what a caller may do is decided by Postgres privileges at request time).
import type pg from "pg";
import {
  ALL_FOREIGN_KEYS_SQL,
  COMPOSITES_SQL,
  COMPUTED_RELATIONSHIPS_SQL,
  CONSTRAINTS_SQL,
  ENUMS_SQL,
  FUNCTIONS_SQL,
  RELATIONS_SQL,
  VIEW_COLUMNS_SQL,
} from "./catalog.sql.js";
import {
  addComputedRelationships,
  addRelationships,
  type ComputedRelationshipRow,
  type ForeignKey,
} from "./relationships.js";
import { type RestSettings, settingsFrom } from "./settings.js";
import {
  type Column,
  type CompositeDef,
  type EnumDef,
  type FunctionDef,
  type FunctionParam,
  qualifiedKey,
  type Relation,
  type RelationKind,
  type SchemaCache,
} from "./types.js";
import { type ForeignKeyRow, type ViewColumnRow, viewForeignKeys } from "./views.js";

const KINDS: Record<string, RelationKind> = {
  r: "table",
  v: "view",
  m: "materialized_view",
  f: "foreign_table",
  p: "partitioned_table",
};
const VOLATILITY = { i: "immutable", s: "stable", v: "volatile" } as const;

interface ArgRow {
  name: string;
  mode: string;
  type: string;
  typname: string;
  typschema: string;
  typtype: string;
  elemTypname: string | null;
}

/**
 * `settings` default to PostgREST's with nothing configured in the database (gen-types
 * needs no more); `version` tells this load from the holder's earlier ones.
 */
export async function loadSchemaCache(
  db: pg.Pool | pg.ClientBase,
  schemas: string[],
  settings: RestSettings = settingsFrom(new Map(), { schemas, extra_search_path: [], max_rows: 1000 }),
  version = 0,
): Promise<SchemaCache> {
  const [rels, cons, funcs, enums, composites, viewColumns, computedRels] = await Promise.all(
    [
      RELATIONS_SQL,
      CONSTRAINTS_SQL,
      FUNCTIONS_SQL,
      ENUMS_SQL,
      COMPOSITES_SQL,
      VIEW_COLUMNS_SQL,
      COMPUTED_RELATIONSHIPS_SQL,
    ].map((sql) => db.query(sql, [schemas])),
  );
  // Only needed when an exposed view shows a table: keys of any schema may apply.
  const allForeignKeys = viewColumns.rows.length ? (await db.query(ALL_FOREIGN_KEYS_SQL)).rows : [];
  const enumMap = new Map<string, EnumDef>();
  for (const e of enums.rows as EnumDef[]) enumMap.set(qualifiedKey(e.schema, e.name), e);

  const relations = new Map<string, Relation>();
  for (const r of rels.rows) {
    const mask = Number(r.updatable_mask);
    const isTable = r.kind === "r" || r.kind === "p" || r.kind === "f";
    const columnList = (r.columns as Column[]).map((c) => withEnum(c, enumMap));
    relations.set(qualifiedKey(r.schema, r.name), {
      schema: r.schema,
      name: r.name,
      kind: KINDS[r.kind],
      description: r.description,
      columns: new Map(columnList.map((c) => [c.name, c])),
      columnList,
      pk: [],
      uniques: [],
      // pg_relation_is_updatable bits: 8 insert, 4 update, 16 delete.
      insertable: isTable || (mask & 8) !== 0,
      updatable: isTable || (mask & 4) !== 0,
      deletable: isTable || (mask & 16) !== 0,
      relationships: [],
    });
  }

  const fks: ForeignKey[] = [];
  for (const c of cons.rows) {
    const rel = relations.get(qualifiedKey(c.schema, c.table));
    if (!rel) continue;
    if (c.type === "p") rel.pk = c.cols;
    if (c.type === "p" || c.type === "u") rel.uniques.push(c.cols);
    if (c.type === "f") {
      const target = relations.get(qualifiedKey(c.fschema, c.ftable));
      if (target)
        fks.push({
          name: c.name,
          origin: rel,
          target,
          cols: c.cols.map((col: string, i: number) => [col, c.fcols[i]]),
        });
    }
  }
  fks.push(...viewForeignKeys(allForeignKeys as ForeignKeyRow[], viewColumns.rows as ViewColumnRow[], relations));
  addRelationships(fks);
  addComputedRelationships(computedRels.rows as ComputedRelationshipRow[], relations);

  const functions = new Map<string, FunctionDef[]>();
  for (const f of funcs.rows) {
    const def = functionDef(f, relations, enumMap);
    if (!callable(def, f.named_args)) continue;
    const key = qualifiedKey(def.schema, def.name);
    functions.set(key, [...(functions.get(key) ?? []), def]);
  }

  for (const overloads of functions.values()) overloads.sort(byParameters);

  const compositeMap = new Map<string, CompositeDef>();
  for (const c of composites.rows) {
    if (c.relkind === "c") compositeMap.set(qualifiedKey(c.schema, c.name), c as CompositeDef);
  }
  for (const f of [...functions.values()].flat()) {
    if (f.returnKind !== "composite" || f.returnColumns.length) continue;
    const comp = compositeMap.get(
      qualifiedKey(f.returnType.includes(".") ? f.returnType.split(".")[0] : f.schema, f.returnTypname),
    );
    if (comp) f.returnColumns = comp.attributes.map((a) => asColumn({ ...a, elemTypname: null, mode: "o" }, enumMap));
  }

  return { version, settings, schemas, relations, functions, enums: enumMap, composites: compositeMap };
}

/**
 * PostgREST's cache keeps a function it can call with named arguments: one whose
 * arguments have names (proargnames set; an unnamed one among them counts as named ""),
 * one without arguments, or one whose single unnamed argument can take a whole request
 * body. Any other (`f(int)`, `f(int, int)`) is neither listed nor callable.
 */
const WHOLE_BODY_TYPES = new Set(["bytea", "json", "jsonb", "text", "xml"]);
function callable(fn: FunctionDef, namedArgs: boolean): boolean {
  if (namedArgs || fn.params.length === 0) return true;
  return fn.params.length === 1 && WHOLE_BODY_TYPES.has(fn.params[0].type);
}

/** PostgREST's order of overloads (candidate lists name them so): fewer parameters first, then names and types. */
function byParameters(a: FunctionDef, b: FunctionDef): number {
  const signature = (fn: FunctionDef) => fn.params.map((p) => `${p.name}\u0000${p.type}`).join("\u0001");
  const [x, y] = [signature(a), signature(b)];
  return a.params.length - b.params.length || (x < y ? -1 : x > y ? 1 : 0);
}

function withEnum(c: Column, enums: Map<string, EnumDef>): Column {
  const e = c.typtype === "e" ? enums.get(qualifiedKey(c.typschema, c.typname)) : undefined;
  return e ? { ...c, enumValues: e.values } : c;
}

function asColumn(a: ArgRow, enums: Map<string, EnumDef>): Column {
  return withEnum(
    {
      name: a.name,
      type: a.type,
      typname: a.typname,
      typschema: a.typschema,
      typtype: a.typtype,
      elemTypname: a.elemTypname,
      nullable: true,
      default: null,
      identity: false,
      generated: false,
      description: null,
    },
    enums,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: a catalog row
function functionDef(f: any, relations: Map<string, Relation>, enums: Map<string, EnumDef>): FunctionDef {
  const args = f.args as ArgRow[];
  const inputs = args.filter((a) => a.mode === "i" || a.mode === "b" || a.mode === "v");
  const firstDefault = inputs.length - Number(f.ndefaults);
  const params: FunctionParam[] = inputs.map((a, i) => ({
    name: a.name,
    type: a.type,
    typname: a.typname,
    typschema: a.typschema,
    typtype: a.typtype,
    elemTypname: a.elemTypname,
    hasDefault: i >= firstDefault,
    variadic: a.mode === "v",
  }));
  const outputs = args.filter((a) => a.mode === "o" || a.mode === "b" || a.mode === "t");
  const returnRelation = f.return_relkind
    ? relations.get(qualifiedKey(f.return_typschema, f.return_typname))
    : undefined;
  const returnKind =
    f.return_typname === "void"
      ? "void"
      : returnRelation
        ? "relation"
        : f.return_typtype === "c" || (f.return_typname === "record" && outputs.length > 0)
          ? "composite"
          : "scalar";
  return {
    schema: f.schema,
    name: f.name,
    oid: Number(f.oid),
    params,
    returnType: f.return_type,
    returnTypname: f.return_typname,
    returnsSet: f.returns_set,
    returnKind,
    ...(returnRelation && { returnRelation }),
    returnColumns: returnKind === "composite" ? outputs.map((a) => asColumn(a, enums)) : [],
    volatility: VOLATILITY[f.volatility as keyof typeof VOLATILITY],
    description: f.description,
  };
}
