// The one place identifiers (and row counts) become SQL text. Every other value is a
// bind parameter.
export function quoteIdent(name: string): string {
  if (name.includes("\u0000")) throw new Error("identifier contains NUL");
  return `"${name.replaceAll('"', '""')}"`;
}

/** schema.name, each part quoted. */
export function quoteQualified(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`;
}

/**
 * A row count (LIMIT, OFFSET) as SQL text, as PostgREST writes them. As a bind
 * parameter it keeps a prepared read from ever settling on a generic plan: with
 * `limit $1` the planner must guess the count (10 % of the rows), so each execution
 * is planned again (on the bench's list, ~40 % of the statement's Postgres time).
 * Only a non-negative safe integer is accepted: nothing else reaches the text.
 */
export function rowCount(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return String(n);
}
