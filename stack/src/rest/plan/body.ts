// A write's JSON payload → the columns it sets, checked against the schema cache.
// The raw text goes to Postgres untouched (no precision lost on big numbers).
import { REST_ERRORS } from "../errors.js";
import type { Relation } from "../schema/types.js";
import type { WriteBody } from "./types.js";

export function parseJsonBody(raw: string): unknown {
  if (raw.trim() === "") throw REST_ERRORS.invalidBody();
  try {
    return JSON.parse(raw);
  } catch {
    throw REST_ERRORS.invalidBody();
  }
}

export function columnNotFound(relation: Relation, name: string) {
  return REST_ERRORS.noColumn(relation.name, name);
}

/**
 * Resolves the payload's columns: `columns=` when given, else the keys of the
 * (first) object, which every object of an array must share.
 */
export function writeBody(relation: Relation, raw: string, columnsParam: string[] | undefined): WriteBody {
  const value = parseJsonBody(raw);
  const rows = Array.isArray(value) ? value : [value];
  if (!rows.every((r) => typeof r === "object" && r !== null && !Array.isArray(r))) {
    throw REST_ERRORS.objectKeysDiffer();
  }
  let names: string[];
  if (columnsParam) {
    names = columnsParam;
  } else {
    names = rows.length ? Object.keys(rows[0] as object) : [];
    const key = [...names].sort().join("\u0000");
    if (
      rows.some(
        (r) =>
          Object.keys(r as object)
            .sort()
            .join("\u0000") !== key,
      )
    ) {
      throw REST_ERRORS.objectKeysDiffer();
    }
  }
  const columns = [...new Set(names)].map((n) => {
    const column = relation.columns.get(n);
    if (!column) throw columnNotFound(relation, n);
    return column;
  });
  return { json: Array.isArray(value) ? raw : `[${raw}]`, columns };
}
