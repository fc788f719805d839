// Which relationship `relation[!hint]` means from a table (PostgREST's findRel), and
// the PGRST200/PGRST201 errors it gives when there is none or more than one.
import { REST_ERRORS } from "../errors.js";
import type { Relation, Relationship } from "../schema/types.js";

/** The single origin-side and target-side column of a one-column foreign key. */
function singleCols(r: Relationship): { origin?: string; target?: string } {
  if (r.junction || r.computed || r.cols.length !== 1) return {};
  return { origin: r.cols[0][0], target: r.cols[0][1] };
}

function isView(relation: Relation): boolean {
  return relation.kind === "view" || relation.kind === "materialized_view";
}

function matches(r: Relationship, name: string, hint: string | undefined): boolean {
  if (r.computed) return r.computed.name === name;
  const fk = r.junction ? undefined : r.constraint;
  const cols = singleCols(r);
  if (r.origin === r.target) {
    // A self-reference has one key and two relationships: the table name (with the
    // referencing column as hint) is the one-to-many, the column name the many-to-one.
    if (hint === undefined) {
      return (r.target.name === name && r.cardinality === "o2m") || (cols.origin === name && r.cardinality === "m2o");
    }
    return r.target.name === name && r.cardinality === "o2m" && cols.target === hint;
  }
  if (hint === undefined) {
    return r.target.name === name || (!isView(r.target) && (fk === name || cols.origin === name));
  }
  return (
    r.target.name === name &&
    (fk === hint || cols.origin === hint || cols.target === hint || r.junction?.relation.name === hint)
  );
}

const CARDINALITY_NAMES = {
  m2o: "many-to-one",
  o2m: "one-to-many",
  o2o: "one-to-one",
  m2m: "many-to-many",
} as const;

function describe(r: Relationship) {
  const list = (cols: string[]) => `(${cols.join(", ")})`;
  const relationship = r.junction
    ? `${r.junction.relation.name} using ${r.junction.originConstraint}${list(r.junction.originCols.map(([j]) => j))} and ${r.junction.targetConstraint}${list(r.junction.targetCols.map(([j]) => j))}`
    : `${r.constraint} using ${r.origin.name}${list(r.cols.map(([o]) => o))} and ${r.target.name}${list(r.cols.map(([, t]) => t))}`;
  return {
    cardinality: CARDINALITY_NAMES[r.cardinality],
    embedding: `${r.origin.name} with ${r.target.name}`,
    relationship,
  };
}

export function findRelationship(origin: Relation, name: string, hint: string | undefined): Relationship {
  const found = origin.relationships.filter((r) => matches(r, name, hint));
  if (found.length === 1) return found[0];
  if (found.length === 0) {
    throw REST_ERRORS.noRelationship(origin.name, name, origin.schema, hint);
  }
  const hints = found.map((r) => `'${r.target.name}!${r.junction ? r.junction.relation.name : r.constraint}'`);
  throw REST_ERRORS.ambiguousRelationship(origin.name, name, found.map(describe), hints);
}

export function isToOne(r: Relationship): boolean {
  return r.cardinality === "m2o" || r.cardinality === "o2o";
}
