// Column values from pgoutput arrive as Postgres text output. Subscribers get them
// typed the way upstream's `realtime.cast` (to_jsonb(value::type)) renders them:
// numbers, booleans, parsed JSON, ISO timestamps, arrays as JSON arrays.

/** How a column's text turns into JSON; chosen from the (domain-resolved) base type. */
export type ValueKind = "bool" | "number" | "json" | "timestamp" | "timestamptz" | "timetz" | "text";

export interface ColumnCodec {
  kind: ValueKind;
  /** Array of `kind` elements (any depth). */
  array: boolean;
}

const KINDS: Record<string, ValueKind> = {
  bool: "bool",
  int2: "number",
  int4: "number",
  int8: "number",
  oid: "number",
  float4: "number",
  float8: "number",
  numeric: "number",
  json: "json",
  jsonb: "json",
  timestamp: "timestamp",
  timestamptz: "timestamptz",
  timetz: "timetz",
};

/** The codec for a base type name (`typname`), or for arrays of it when `elem` is given. */
export function codecFor(baseType: string, elemType: string | null): ColumnCodec {
  if (elemType) return { kind: KINDS[elemType] ?? "text", array: true };
  return { kind: KINDS[baseType] ?? "text", array: false };
}

/** `+05` → `+05:00`, as to_jsonb prints offsets. */
function fullOffset(text: string): string {
  return text.replace(/([+-]\d\d)$/, "$1:00");
}

function scalarToJson(text: string, kind: ValueKind): unknown {
  switch (kind) {
    case "bool":
      return text === "t" || text === "true";
    case "number":
      // NaN and ±Infinity have no JSON number: to_jsonb keeps them as strings.
      return /^[+-]?(\d|\.\d)/.test(text) ? Number(text) : text;
    case "json":
      return JSON.parse(text);
    case "timestamp":
      return text.replace(" ", "T");
    case "timestamptz":
      return fullOffset(text.replace(" ", "T"));
    case "timetz":
      return fullOffset(text);
    default:
      return text;
  }
}

export function valueToJson(text: string | null | undefined, codec: ColumnCodec): unknown {
  if (text === null || text === undefined) return null;
  if (!codec.array) return scalarToJson(text, codec.kind);
  return mapArray(parseArrayLiteral(text), (el) => (el === null ? null : scalarToJson(el, codec.kind)));
}

type ArrayLiteral = Array<string | null | ArrayLiteral>;

function mapArray(items: ArrayLiteral, fn: (el: string | null) => unknown): unknown[] {
  return items.map((el) => (Array.isArray(el) ? mapArray(el, fn) : fn(el)));
}

/** Parses Postgres array output (`{1,2}`, `{"a b",NULL}`, `{{1},{2}}`, `[0:1]={…}`). */
export function parseArrayLiteral(text: string): ArrayLiteral {
  let i = 0;
  if (text[0] === "[") i = text.indexOf("=") + 1; // explicit bounds: ignore them
  const parse = (): ArrayLiteral => {
    if (text[i] !== "{") throw new Error(`malformed array literal: ${text}`);
    i++;
    const out: ArrayLiteral = [];
    if (text[i] === "}") {
      i++;
      return out;
    }
    for (;;) {
      if (text[i] === "{") {
        out.push(parse());
      } else if (text[i] === '"') {
        i++;
        let value = "";
        while (text[i] !== '"') {
          if (text[i] === "\\") i++;
          if (i >= text.length) throw new Error(`malformed array literal: ${text}`);
          value += text[i++];
        }
        i++;
        out.push(value);
      } else {
        let end = i;
        while (end < text.length && text[end] !== "," && text[end] !== "}") end++;
        const raw = text.slice(i, end);
        i = end;
        out.push(raw === "NULL" ? null : raw);
      }
      if (text[i] === ",") {
        i++;
        continue;
      }
      if (text[i] === "}") {
        i++;
        return out;
      }
      throw new Error(`malformed array literal: ${text}`);
    }
  };
  return parse();
}
