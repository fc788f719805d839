// Type names for casts in `select=col::type`: SQL spellings are mapped to the
// catalog names so they can be quoted as identifiers like any other name.
import { quoteIdent } from "../../shared/sql.js";

const ALIASES: Record<string, string> = {
  integer: "int4",
  int: "int4",
  smallint: "int2",
  bigint: "int8",
  real: "float4",
  float: "float8",
  "double precision": "float8",
  boolean: "bool",
  "character varying": "varchar",
  character: "bpchar",
  char: "bpchar",
  decimal: "numeric",
  "timestamp with time zone": "timestamptz",
  "timestamp without time zone": "timestamp",
  "time with time zone": "timetz",
  "time without time zone": "time",
};

export function castType(name: string): string {
  const array = name.endsWith("[]");
  const base = name.replace(/\[\]$/, "").trim().toLowerCase().replace(/\s+/g, " ");
  return `${quoteIdent(ALIASES[base] ?? base)}${array ? "[]" : ""}`;
}
