// `select=` → SelectItem[]: columns with aliases, JSON paths and casts, `*`, embeds
// `alias:rel!hint!inner(…)` and spreads `...rel(…)`.
import { Cursor } from "./cursor.js";
import { QueryShapeError } from "./errors.js";
import type { EmbedItem, SelectItem } from "./types.js";

const AGGREGATES = new Set(["sum", "avg", "count", "max", "min"]);

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
  if (c.peek() === "(" && name === "count" && c.peek(1) === ")") throw aggregatesDisabled();
  if (c.peek() === "!" || c.peek() === "(") return embedRest(c, name, alias, false);
  const json = c.jsonPath();
  if (c.peek() === "." && AGGREGATES.has(peekWord(c))) throw aggregatesDisabled();
  const cast = c.eat("::") ? castName(c) : undefined;
  return { type: "column", field: { name, json }, ...(alias !== undefined && { alias }), ...(cast && { cast }) };
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

function peekWord(c: Cursor): string {
  return /^\.([a-z]+)\(\)/.exec(c.input.slice(c.pos))?.[1] ?? "";
}

function peekWordRaw(c: Cursor): string {
  return /^[a-z]+(?=[!(])/.exec(c.input.slice(c.pos))?.[0] ?? "";
}

function aggregatesDisabled(): QueryShapeError {
  return new QueryShapeError("PGRST123", "Use of aggregate functions is not allowed");
}
