// Which relationship `relation[!hint]` means from a table (PostgREST's findRel).
import { pgrst } from "../errors.js";
import type { Relation, Relationship } from "../schema/types.js";

function originCols(r: Relationship): string[] {
  return r.junction ? r.junction.originCols.map(([, o]) => o) : r.cols.map(([o]) => o);
}

function targetCols(r: Relationship): string[] {
  return r.junction ? r.junction.targetCols.map(([, t]) => t) : r.cols.map(([, t]) => t);
}

function matchesName(r: Relationship, name: string): boolean {
  if (r.target.name === name) return true;
  if (r.cardinality === "m2m") return false;
  if (r.constraint === name) return true;
  // A single FK column on the origin side names the to-one relationship (`parent_id(*)`).
  const cols = originCols(r);
  return (r.cardinality === "m2o" || r.cardinality === "o2o") && cols.length === 1 && cols[0] === name;
}

function matchesHint(r: Relationship, hint: string): boolean {
  if (r.constraint === hint) return true;
  if (r.junction && (r.junction.relation.name === hint || r.junction.originConstraint === hint)) return true;
  const o = originCols(r);
  const t = targetCols(r);
  return (o.length === 1 && o[0] === hint) || (t.length === 1 && t[0] === hint);
}

const CARDINALITY_NAMES = {
  m2o: "many-to-one",
  o2m: "one-to-many",
  o2o: "one-to-one",
  m2m: "many-to-many",
} as const;

function describe(r: Relationship) {
  const cols = (pairs: [string, string][]) => `(${pairs.map(([a]) => a).join(", ")})`;
  const relationship = r.junction
    ? `${r.junction.relation.name} using ${r.junction.originConstraint}${cols(r.junction.originCols)} and ${r.junction.targetConstraint}${cols(r.junction.targetCols)}`
    : `${r.constraint} using ${r.cardinality === "o2m" ? r.target.name : r.origin.name}${cols(r.cardinality === "o2m" ? r.cols.map(([a, b]) => [b, a]) : r.cols)} and ${r.cardinality === "o2m" ? r.origin.name : r.target.name}${cols(r.cardinality === "o2m" ? r.cols : r.cols.map(([a, b]) => [b, a]))}`;
  return {
    cardinality: CARDINALITY_NAMES[r.cardinality],
    embedding: `${r.origin.name} with ${r.target.name}`,
    relationship,
  };
}

export function findRelationship(origin: Relation, name: string, hint: string | undefined): Relationship {
  let found = origin.relationships.filter((r) => matchesName(r, name));
  if (hint !== undefined) found = found.filter((r) => r.target.name === name && matchesHint(r, hint));
  // Self-references by table name: the to-many side is the children (PostgREST's rule).
  if (found.length === 2 && hint === undefined && found.every((r) => r.target === origin)) {
    found = found.filter((r) => r.cardinality === "o2m");
  }
  if (found.length === 1) return found[0];
  if (found.length === 0) {
    const using = hint === undefined ? "" : ` using the hint '${hint}'`;
    throw pgrst(
      400,
      "PGRST200",
      `Could not find a relationship between '${origin.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin.name}' and '${name}'${using} in the schema '${origin.schema}', but no matches were found.`,
    );
  }
  const hints = found.map((r) => (r.junction ? `'${name}!${r.junction.relation.name}'` : `'${name}!${r.constraint}'`));
  throw pgrst(
    300,
    "PGRST201",
    `Could not embed because more than one relationship was found for '${origin.name}' and '${name}'`,
    found.map(describe),
    `Try changing '${name}' to one of the following: ${hints.join(", ")}. Find the desired relationship in the 'details' key.`,
  );
}

export function isToOne(r: Relationship): boolean {
  return r.cardinality === "m2o" || r.cardinality === "o2o";
}
