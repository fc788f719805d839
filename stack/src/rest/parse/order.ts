// `order=a.desc.nullslast,rel(b).asc` → OrderTerm[].
import { Cursor } from "./cursor.js";
import type { OrderTerm } from "./types.js";

export function parseOrder(input: string): OrderTerm[] {
  const c = new Cursor(input, "order");
  const terms: OrderTerm[] = [];
  do {
    c.skipSpaces();
    terms.push(term(c));
    c.skipSpaces();
  } while (c.eat(","));
  if (!c.done) c.fail('"," or end of input');
  return terms;
}

function term(c: Cursor): OrderTerm {
  const name = c.fieldName();
  let t: OrderTerm;
  if (c.eat("(")) {
    t = { relation: name, field: c.field() };
    c.expect(")");
  } else {
    t = { field: { name, json: c.jsonPath() } };
  }
  while (c.eat(".")) {
    const w = c.word();
    if ((w === "asc" || w === "desc") && !t.direction && !t.nulls) t.direction = w;
    else if ((w === "nullsfirst" || w === "nullslast") && !t.nulls) t.nulls = w === "nullsfirst" ? "first" : "last";
    else c.fail('"asc", "desc", "nullsfirst" or "nullslast"');
  }
  return t;
}
