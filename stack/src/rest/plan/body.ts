// A write's JSON payload → the columns it sets, checked against the schema cache.
// The raw text goes to Postgres untouched (no precision lost on big numbers).
import { pgrst } from "../errors.js";
import type { Relation } from "../schema/types.js";
import type { WriteBody } from "./types.js";

function invalidBody(details: string | null = null) {
  return pgrst(400, "PGRST102", details ? "Empty or invalid json" : "Empty or invalid json", details);
}

export function parseJsonBody(raw: string): unknown {
  if (raw.trim() === "") throw invalidBody();
  try {
    return JSON.parse(raw);
  } catch {
    throw invalidBody();
  }
}

export function columnNotFound(relation: Relation, name: string) {
  return pgrst(400, "PGRST204", `Could not find the '${name}' column of '${relation.name}' in the schema cache`);
}

/**
 * Resolves the payload's columns: `columns=` when given, else the keys of the
 * (first) object, which every object of an array must share.
 */
export function writeBody(relation: Relation, raw: string, columnsParam: string[] | undefined): WriteBody {
  const value = parseJsonBody(raw);
  const rows = Array.isArray(value) ? value : [value];
  if (!rows.every((r) => typeof r === "object" && r !== null && !Array.isArray(r))) {
    throw pgrst(400, "PGRST102", "All object keys must match");
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
      throw pgrst(400, "PGRST102", "All object keys must match");
    }
  }
  const columns = [...new Set(names)].map((n) => {
    const column = relation.columns.get(n);
    if (!column) throw columnNotFound(relation, n);
    return column;
  });
  return { json: Array.isArray(value) ? raw : `[${raw}]`, columns };
}
