// The whole query string → ApiQuery. `+` is a space; keys with an embed path
// (`actors.order`, `actors.name`) are split into path and field.
import { Cursor } from "./cursor.js";
import { ParseError } from "./errors.js";
import { parseFilterValue, parseLogicValue } from "./filter.js";
import { parseOrder } from "./order.js";
import { parseSelect } from "./select.js";
import type { ApiQuery, Field } from "./types.js";

const STAR = [{ type: "star" as const }];

function decode(s: string): string {
  const spaced = s.replaceAll("+", " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced; // Malformed %-escapes are kept as text, like a lenient server.
  }
}

/** `a=1&b&c=2` → pairs; a key without `=` is ignored (PostgREST does the same). */
function splitQuery(qs: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const part of qs.split("&")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    pairs.push([decode(part.slice(0, eq)), decode(part.slice(eq + 1))]);
  }
  return pairs;
}

/** `a.b."c.d"->x` → path [a, b] and field `c.d` with its JSON path. */
export function parseKey(key: string): { path: string[]; field: Field } {
  const c = new Cursor(key, `filter key`);
  const names: string[] = [c.fieldName()];
  while (c.eat(".")) names.push(c.fieldName());
  const json = c.jsonPath();
  if (!c.done) c.fail('"." or end of input');
  const name = names.pop() as string;
  return { path: names, field: { name, json } };
}

function embedPath(key: string, last: string): { path: string[]; negated: boolean } {
  const prefix = key.slice(0, key.length - last.length).replace(/\.$/, "");
  const path = prefix ? parseKey(`${prefix}.x`).path : [];
  const negated = path.at(-1) === "not";
  return { path: negated ? path.slice(0, -1) : path, negated };
}

function nonNegativeInt(what: string, value: string): number {
  if (!/^\d{1,15}$/.test(value.trim())) {
    throw new ParseError(`failed to parse ${what} parameter (${value})`, "expecting a non-negative integer");
  }
  return Number(value.trim());
}

function nameList(what: string, value: string): string[] {
  const c = new Cursor(value, `${what} parameter`);
  const names: string[] = [];
  do {
    c.skipSpaces();
    names.push(c.fieldName());
    c.skipSpaces();
  } while (c.eat(","));
  if (!c.done) c.fail('"," or end of input');
  return names;
}

const RESERVED_LAST = new Set(["order", "limit", "offset", "and", "or"]);

/**
 * Parses a query string. With `rpcRead` (GET/HEAD on /rpc/f) a value that is not
 * an operator expression is a function argument, not a syntax error.
 */
export function parseQuery(qs: string, options: { rpcRead?: boolean } = {}): ApiQuery {
  const q: ApiQuery = { select: STAR, filters: [], logic: [], order: [], limits: [], offsets: [], params: [] };
  for (const [key, value] of splitQuery(qs)) {
    if (key === "select") {
      q.select = value.trim() === "" ? STAR : parseSelect(value);
      continue;
    }
    if (key === "columns") {
      q.columns = nameList("columns", value);
      continue;
    }
    if (key === "on_conflict") {
      q.onConflict = nameList("on_conflict", value);
      continue;
    }
    const last = key.slice(key.lastIndexOf(".") + 1);
    if (RESERVED_LAST.has(last)) {
      const { path, negated } = embedPath(key, last);
      if (last === "order") q.order.push({ path, value: parseOrder(value) });
      else if (last === "limit") q.limits.push({ path, value: nonNegativeInt("limit", value) });
      else if (last === "offset") q.offsets.push({ path, value: nonNegativeInt("offset", value) });
      else q.logic.push({ path, value: parseLogicValue(last as "and" | "or", negated, value) });
      continue;
    }
    q.params.push([key, value]);
    const { path, field } = parseKey(key);
    if (options.rpcRead) {
      try {
        q.filters.push({ path, value: { type: "filter", field, ...parseFilterValue(value) } });
      } catch {
        // Not an operator: an argument of the function.
      }
      continue;
    }
    q.filters.push({ path, value: { type: "filter", field, ...parseFilterValue(value) } });
  }
  return q;
}
