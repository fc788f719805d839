// Filter values `[not.]op[(any|all)|(fts config)].value` and logic trees
// `(a.eq.1,not.or(b.is.null,c.in.(x,"y,z")))`.
import { Cursor } from "./cursor.js";
import {
  type Filter,
  FTS_OPS,
  type FtsOp,
  type IsValue,
  type LogicTree,
  type OpExpr,
  QUANTIFIABLE_OPS,
  type QuantifiableOp,
  SIMPLE_OPS,
  type SimpleOp,
} from "./types.js";

const IS_VALUES = new Set(["null", "not_null", "true", "false", "unknown"]);
const EXPECTING_OP = '"not" or operator (eq, gt, ...)';

/** How a value ends: at the end of the input (top level) or at `,`/`)` (inside a logic tree). */
type ValueMode = "rest" | "tree";

/** A top-level filter value, e.g. `not.in.(1,2)`. */
export function parseFilterValue(input: string): { negated: boolean; expr: OpExpr } {
  const c = new Cursor(input, "filter");
  const result = negatedOpExpr(c, "rest");
  if (!c.done) c.fail("end of input");
  return result;
}

/** The value of `or=`/`and=`: a parenthesised list. */
export function parseLogicValue(op: "and" | "or", negated: boolean, input: string): LogicTree {
  const c = new Cursor(input, "logic tree");
  const tree = logicBody(c, op, negated, 0);
  if (!c.done) c.fail("end of input");
  return tree;
}

/** Deep trees are legal, but not thousands deep: stop before the stack does. */
const MAX_DEPTH = 64;

function logicBody(c: Cursor, op: "and" | "or", negated: boolean, depth: number): LogicTree {
  if (depth > MAX_DEPTH) c.fail("a shallower logic tree");
  c.expect("(");
  const children: (LogicTree | Filter)[] = [];
  do {
    c.skipSpaces();
    children.push(logicChild(c, depth));
    c.skipSpaces();
  } while (c.eat(","));
  c.expect(")", '"," or ")"');
  return { type: "logic", op, negated, children };
}

function logicChild(c: Cursor, depth: number): LogicTree | Filter {
  const start = c.pos;
  const negated = c.eat("not.");
  for (const op of ["and", "or"] as const) {
    if (c.startsWith(`${op}(`)) {
      c.pos += op.length;
      return logicBody(c, op, negated, depth + 1);
    }
  }
  c.pos = start;
  const field = c.field();
  c.expect(".", '"." then an operator');
  const { negated: not, expr } = negatedOpExpr(c, "tree");
  return { type: "filter", field, negated: not, expr };
}

function negatedOpExpr(c: Cursor, mode: ValueMode): { negated: boolean; expr: OpExpr } {
  const negated = c.eat("not.");
  return { negated, expr: opExpr(c, mode) };
}

function opExpr(c: Cursor, mode: ValueMode): OpExpr {
  const opStart = c.pos;
  const op = c.word();
  if ((QUANTIFIABLE_OPS as readonly string[]).includes(op)) {
    let quantifier: "any" | "all" | undefined;
    if (c.eat("(any)")) quantifier = "any";
    else if (c.eat("(all)")) quantifier = "all";
    c.expect(".", '"." or quantifier (any), (all)');
    const value = quantifier && mode === "tree" && c.peek() === "{" ? braced(c) : scalar(c, mode);
    return quantifier ? { op: op as QuantifiableOp, quantifier, value } : { op: op as QuantifiableOp, value };
  }
  if ((SIMPLE_OPS as readonly string[]).includes(op)) {
    c.expect(".");
    return { op: op as SimpleOp, value: mode === "tree" && c.peek() === "{" ? braced(c) : scalar(c, mode) };
  }
  if ((FTS_OPS as readonly string[]).includes(op)) {
    let config: string | undefined;
    if (c.eat("(")) {
      config = c.fieldName();
      c.expect(")");
    }
    c.expect(".");
    const value = scalar(c, mode);
    return config === undefined ? { op: op as FtsOp, value } : { op: op as FtsOp, config, value };
  }
  if (op === "in") {
    c.expect(".");
    return { op: "in", values: list(c) };
  }
  if (op === "is") {
    c.expect(".");
    const w = c.word().toLowerCase();
    if (!IS_VALUES.has(w)) c.fail("null or trilean value (unknown, true, false)");
    return { op: "is", value: w as IsValue };
  }
  c.pos = opStart;
  c.fail(EXPECTING_OP);
}

/** A value: the rest of the input at top level; quoted or up to `,`/`)` in a tree. */
function scalar(c: Cursor, mode: ValueMode): string {
  if (mode === "rest") return c.rest();
  if (c.peek() === '"') return c.quoted();
  const start = c.pos;
  while (!c.done && c.peek() !== "," && c.peek() !== ")") c.pos++;
  return c.input.slice(start, c.pos);
}

/** `{a,b}` kept verbatim (a Postgres array literal), braces balanced. */
function braced(c: Cursor): string {
  const start = c.pos;
  let depth = 0;
  do {
    const ch = c.peek();
    if (ch === '"') {
      c.quoted();
      continue;
    }
    if (ch === "{") depth++;
    else if (ch === "}") depth--;
    c.pos++;
  } while (depth > 0 && !c.done);
  if (depth > 0) c.fail('"}"');
  return c.input.slice(start, c.pos);
}

/** `(a,"b,c",d)` for `in`. */
function list(c: Cursor): string[] {
  c.expect("(");
  const values: string[] = [];
  if (c.eat(")")) return values;
  do {
    if (c.peek() === '"') values.push(c.quoted());
    else {
      const start = c.pos;
      while (!c.done && c.peek() !== "," && c.peek() !== ")") c.pos++;
      values.push(c.input.slice(start, c.pos));
    }
  } while (c.eat(","));
  c.expect(")", '"," or ")"');
  return values;
}
