// The one place identifiers become SQL text. Every other value is a bind parameter.
export function quoteIdent(name: string): string {
  if (name.includes("\u0000")) throw new Error("identifier contains NUL");
  return `"${name.replaceAll('"', '""')}"`;
}

/** schema.name, each part quoted. */
export function quoteQualified(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`;
}
