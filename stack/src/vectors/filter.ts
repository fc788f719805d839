// QueryVectors' metadata filter (the Amazon S3 Vectors filter language) compiled to
// a predicate over a vector's metadata, run inside the search for every candidate.
// The shape has already passed the route schema (schemas.ts); this adds the meaning.
// Comparisons are typed as in S3 Vectors (the number 1 does not equal "1"); a key a
// vector lacks matches neither $ne nor $nin, as in storage-api's pgvector backend.
import { VECTOR_ERRORS } from "./errors.js";
import type { Metadata } from "./scan.js";

type Primitive = string | number | boolean;
export type Filter = { $and: Filter[] } | { $or: Filter[] } | Record<string, Primitive | Record<string, unknown>>;
type Predicate = (metadata: Metadata) => boolean;

const elements = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

function fieldOperator(key: string, op: string, operand: unknown): Predicate {
  switch (op) {
    case "$eq":
      return (m) => key in m && elements(m[key]).some((v) => v === operand);
    case "$ne":
      return (m) => key in m && elements(m[key]).every((v) => v !== operand);
    case "$in": {
      const set = new Set(operand as Primitive[]);
      return (m) => key in m && elements(m[key]).some((v) => set.has(v as Primitive));
    }
    case "$nin": {
      const set = new Set(operand as Primitive[]);
      return (m) => key in m && elements(m[key]).every((v) => !set.has(v as Primitive));
    }
    case "$gt":
      return (m) => typeof m[key] === "number" && (m[key] as number) > (operand as number);
    case "$gte":
      return (m) => typeof m[key] === "number" && (m[key] as number) >= (operand as number);
    case "$lt":
      return (m) => typeof m[key] === "number" && (m[key] as number) < (operand as number);
    case "$lte":
      return (m) => typeof m[key] === "number" && (m[key] as number) <= (operand as number);
    case "$exists":
      return (m) => key in m === operand;
    default:
      throw VECTOR_ERRORS.invalidParameter(`Unsupported field operator: ${op}`);
  }
}

function compileNode(filter: Filter, nonFilterable: ReadonlySet<string>): Predicate {
  if ("$and" in filter || "$or" in filter) {
    const op = "$and" in filter ? "$and" : "$or";
    const parts = ((filter as Record<string, Filter[]>)[op] ?? []).map((f) => compileNode(f, nonFilterable));
    return op === "$and" ? (m) => parts.every((p) => p(m)) : (m) => parts.some((p) => p(m));
  }
  const parts: Predicate[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (nonFilterable.has(key)) {
      throw VECTOR_ERRORS.invalidParameter(`Metadata key "${key}" is configured as non-filterable`);
    }
    if (condition !== null && typeof condition === "object") {
      for (const [op, operand] of Object.entries(condition)) parts.push(fieldOperator(key, op, operand));
    } else {
      parts.push(fieldOperator(key, "$eq", condition));
    }
  }
  return (m) => parts.every((p) => p(m));
}

/** The predicate for a schema-valid filter; 400 if it names a non-filterable key. */
export function compileFilter(filter: Filter, nonFilterable: ReadonlySet<string>): Predicate {
  return compileNode(filter, nonFilterable);
}
