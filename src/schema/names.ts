// Names of generated resources and how their records are addressed in the console's URLs.
// A table of `public` keeps its name as the resource's (so a definition in src/resources named
// after it overrides it); a table of another schema is `<schema>.<table>`. Routes must hold any
// table name Postgres allows (spaces, capitals, quotes, dots) and tell `Orders` from `orders`
// (React Router matches paths without regard to case), so each route segment is the name with
// every character other than a-z, 0-9, `_` and `-` written as `~` and its UTF-8 bytes in hex.
// A composite key is one route segment too: its values, each percent-encoded, joined by commas.

/** The Refine resource name of a table. */
export const resourceNameOf = (schema: string, table: string): string =>
  schema === "public" && !table.includes(".") ? table : `${schema}.${table}`;

const PLAIN = /[a-z0-9_-]/;

/** A name as a route segment: injective, and safe in a path matched without regard to case. */
export function routeSegment(name: string): string {
  let out = "";
  for (const char of name) {
    if (PLAIN.test(char)) {
      out += char;
      continue;
    }
    for (const byte of new TextEncoder().encode(char)) out += `~${byte.toString(16).padStart(2, "0")}`;
  }
  return out;
}

/** The route of a table's list (without the leading slash). */
export const routeOf = (schema: string, table: string): string =>
  schema === "public" ? routeSegment(table) : `${routeSegment(schema)}.${routeSegment(table)}`;

/** A row's id in the console: its one key value as text, or its composite key's values encoded. */
export function encodeKey(values: unknown[]): string {
  if (values.length === 1) return String(values[0]);
  return values.map((value) => encodeURIComponent(String(value))).join(",");
}

/** The key values an id stands for (the inverse of encodeKey for `columns`). */
export function decodeKey(id: string | number, columns: string[]): Record<string, string> | undefined {
  if (columns.length === 1) return { [columns[0]]: String(id) };
  const parts = String(id).split(",");
  if (parts.length !== columns.length) return undefined;
  try {
    return Object.fromEntries(columns.map((column, i) => [column, decodeURIComponent(parts[i])]));
  } catch {
    return undefined;
  }
}

/** Where generated rows carry their id when the key is composite or missing (data provider). */
export const ROW_KEY = "__opsdesk_key";

/** A column name as PostgREST reads it in `select`, `order` and filters: quoted unless plain. */
export const pgrstName = (name: string): string =>
  /^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
