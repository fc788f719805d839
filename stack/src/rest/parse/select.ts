// `select=` → SelectItem[]: columns with aliases, JSON paths and casts, `*`, embeds
// `alias:rel!hint!inner(…)`, spreads `...rel(…)` and aggregates `col.sum()`, `count()`.
import { Cursor } from "./cursor.js";
import type { AggregateFunction, EmbedItem, SelectItem } from "./types.js";

export function parseSelect(input: string): SelectItem[] {
  const c = new Cursor(input, "select parameter");
  const items = itemList(c);
  if (!c.done) c.fail('"," or end of input');
  return items;
}

function itemList(c: Cursor): SelectItem[] {
  const items: SelectItem[] = [];
  do {
    c.skipSpaces();
    items.push(item(c));
    c.skipSpaces();
  } while (c.eat(","));
  return items;
}

function item(c: Cursor): SelectItem {
  if (c.eat("*")) return { type: "star" };
  if (c.eat("...")) return embedRest(c, c.fieldName(), undefined, true);
  let name = c.fieldName();
  let alias: string | undefined;
  if (c.peek() === ":" && c.peek(1) !== ":") {
    c.pos++;
    c.skipSpaces();
    alias = name;
    if (c.eat("...")) c.fail("field name (spread cannot be aliased)");
    name = c.fieldName();
  }
  if (name === "count" && c.eat("()")) {
    // `count()` counts rows: an aggregate over no column.
    return {
      type: "column",
      field: { name: "*", json: [] },
      ...(alias !== undefined && { alias }),
      ...aggregate(c, "count"),
    };
  }
  if (name === "count" && c.peek() === "(") c.fail('"()"');
  if (c.peek() === "!" || c.peek() === "(") return embedRest(c, name, alias, false);
  const json = c.jsonPath();
  const cast = c.eat("::") ? castName(c) : undefined;
  const fn = /^\.(sum|avg|count|max|min)\(\)/.exec(c.input.slice(c.pos));
  if (fn) c.pos += fn[0].length;
  return {
    type: "column",
    field: { name, json },
    ...(alias !== undefined && { alias }),
    ...(cast && { cast }),
    ...(fn && aggregate(c, fn[1] as AggregateFunction)),
  };
}

/** `fn()` was read; an optional `::type` casts its result. */
function aggregate(c: Cursor, fn: AggregateFunction): { aggregate: { fn: AggregateFunction; cast?: string } } {
  const cast = c.eat("::") ? castName(c) : undefined;
  return { aggregate: { fn, ...(cast && { cast }) } };
}

function embedRest(c: Cursor, relation: string, alias: string | undefined, spread: boolean): EmbedItem {
  const embed: EmbedItem = { type: "embed", relation, spread, select: [] };
  if (alias !== undefined) embed.alias = alias;
  while (c.eat("!")) {
    const word = c.peek() === '"' ? null : peekWordRaw(c);
    if (word === "inner" || word === "left") {
      c.pos += word.length;
      embed.joinType = word;
    } else {
      embed.hint = c.fieldName();
    }
  }
  c.expect("(", '"(" or "!"');
  c.skipSpaces();
  if (!c.eat(")")) {
    embed.select = itemList(c);
    c.expect(")", '"," or ")"');
  }
  return embed;
}

function castName(c: Cursor): string {
  const m = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?/.exec(c.input.slice(c.pos));
  if (!m) c.fail("type name");
  c.pos += m[0].length;
  return m[0].trim();
}

function peekWordRaw(c: Cursor): string {
  return /^[a-z]+(?=[!(])/.exec(c.input.slice(c.pos))?.[0] ?? "";
}
