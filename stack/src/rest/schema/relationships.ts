// Relationships from foreign keys, as PostgREST derives them: each FK gives a
// many-to-one from its table and a one-to-many (or one-to-one when the FK columns
// are unique) back; a table with FKs to two tables inside its key is a junction
// that relates them many-to-many. Functions of a row are computed relationships.
import { qualifiedKey, type Relation, type Relationship } from "./types.js";

export interface ForeignKey {
  name: string;
  origin: Relation;
  target: Relation;
  /** Pairs [origin column, target column]. */
  cols: [string, string][];
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function isUnique(rel: Relation, cols: string[]): boolean {
  return rel.uniques.some((u) => sameSet(u, cols));
}

/** Junction FK columns must lie inside the junction's primary key or a unique key. */
function coveredByKey(rel: Relation, cols: string[]): boolean {
  return rel.uniques.some((u) => cols.every((c) => u.includes(c)));
}

export function addRelationships(fks: ForeignKey[]): void {
  for (const fk of fks) {
    const uniqueOrigin = isUnique(
      fk.origin,
      fk.cols.map(([o]) => o),
    );
    fk.origin.relationships.push({
      cardinality: uniqueOrigin ? "o2o" : "m2o",
      origin: fk.origin,
      target: fk.target,
      constraint: fk.name,
      cols: fk.cols,
    });
    fk.target.relationships.push({
      cardinality: uniqueOrigin ? "o2o" : "o2m",
      origin: fk.target,
      target: fk.origin,
      constraint: fk.name,
      cols: fk.cols.map(([o, t]) => [t, o]),
    });
  }
  const byJunction = new Map<Relation, ForeignKey[]>();
  for (const fk of fks) byJunction.set(fk.origin, [...(byJunction.get(fk.origin) ?? []), fk]);
  for (const [junction, own] of byJunction) {
    for (const a of own) {
      for (const b of own) {
        if (a === b) continue;
        const cols = [...a.cols, ...b.cols].map(([j]) => j);
        if (!coveredByKey(junction, cols)) continue;
        const rel: Relationship = {
          cardinality: "m2m",
          origin: a.target,
          target: b.target,
          constraint: b.name,
          cols: [],
          junction: {
            relation: junction,
            originCols: a.cols,
            targetCols: b.cols,
            originConstraint: a.name,
            targetConstraint: b.name,
          },
        };
        a.target.relationships.push(rel);
      }
    }
  }
}

export interface ComputedRelationshipRow {
  schema: string;
  name: string;
  table_schema: string;
  table: string;
  target_schema: string;
  target: string;
  single_row: boolean;
}

/**
 * Functions of a row as relationships. A function named like a table the origin has
 * a foreign key to takes that relationship's place (PostgREST's override rule).
 */
export function addComputedRelationships(rows: ComputedRelationshipRow[], relations: Map<string, Relation>): void {
  for (const row of rows) {
    const origin = relations.get(qualifiedKey(row.table_schema, row.table));
    const target = relations.get(qualifiedKey(row.target_schema, row.target));
    if (!origin || !target) continue;
    origin.relationships = origin.relationships.filter(
      (r) => r.computed || r.target.schema !== row.schema || r.target.name !== row.name,
    );
    origin.relationships.push({
      cardinality: row.single_row ? "m2o" : "o2m",
      origin,
      target,
      constraint: row.name,
      cols: [],
      computed: { schema: row.schema, name: row.name },
    });
  }
}
