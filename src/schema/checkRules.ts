// CHECK constraints → form rules, read with Postgres' own parser (@supabase/pg-parser, WASM,
// loaded on first use only: a warm start reuses the rules cached with the schema and never
// loads it). A constraint is cut into its AND-ed parts; each part that says something about one
// column in a way a form can check (a range, a length, a pattern, a list of values, not null,
// not blank, a number of items) becomes a rule of that column. A part the console cannot read
// (two columns, a function call it does not know, an OR it cannot split) is left to the
// database, whose refusal names the constraint (docs/any-project.md, "The console").
// Only what the database would refuse is refused: each rule is one necessary condition.

/** What a column's CHECK constraints allow, as far as the console could read them. */
export interface ColumnFacts {
  min?: number;
  max?: number;
  /** Bounds that exclude the bound itself (`price > 0`). */
  minExclusive?: boolean;
  maxExclusive?: boolean;
  minLength?: number;
  maxLength?: number;
  /** JavaScript sources of patterns the value must match (`~`, `~*`, LIKE). */
  patterns?: { source: string; flags: string }[];
  /** The only values allowed (an IN list or `= ANY (ARRAY[…])`). */
  oneOf?: (string | number)[];
  /** Values not allowed (`<> ''`, `NOT IN (…)`). */
  noneOf?: (string | number)[];
  notNull?: boolean;
  /** Not empty once trimmed (`btrim(x) <> ''`, `length(trim(x)) > 0`). */
  notBlank?: boolean;
  maxItems?: number;
  minItems?: number;
}

export interface CheckTranslation {
  /** Rules per column, with the constraints each came from. */
  columns: Record<string, ColumnFacts & { from: string[] }>;
  /** Constraints (by name) of which at least one part stays with the database alone. */
  untranslated: string[];
}

export interface CheckConstraint {
  name: string;
  definition: string;
}

// The parser's JSON tree is wide; the few node shapes read here are typed loosely.
type PgNode = Record<string, unknown>;
type Parse = (sql: string) => Promise<{ tree?: unknown; error?: { message: string } }>;

let parser: Promise<Parse> | undefined;

/** The parser, loaded once (its WASM is fetched only here). */
export function loadParser(): Promise<Parse> {
  parser ??= import("@supabase/pg-parser").then(({ PgParser }) => {
    const instance = new PgParser({ version: 17 });
    return (sql: string) => instance.parse(sql) as Promise<{ tree?: unknown; error?: { message: string } }>;
  });
  return parser;
}

const one = (node: unknown): [string, PgNode] | undefined => {
  if (!node || typeof node !== "object") return undefined;
  const entries = Object.entries(node as PgNode);
  return entries.length === 1 ? [entries[0][0], entries[0][1] as PgNode] : undefined;
};

const strings = (list: unknown): string[] =>
  Array.isArray(list) ? list.map((item) => String((one(item)?.[1] as PgNode | undefined)?.sval ?? "")) : [];

/** Drops type casts: `(price)::numeric`, `'a'::text`. */
function uncast(node: unknown): unknown {
  let current = node;
  for (;;) {
    const unwrapped = one(current);
    if (unwrapped?.[0] !== "TypeCast") return current;
    current = unwrapped[1].arg;
  }
}

/** The column a node names, if it is (a cast of) a plain column. */
function columnOf(node: unknown): string | undefined {
  const unwrapped = one(uncast(node));
  if (unwrapped?.[0] !== "ColumnRef") return undefined;
  const fields = strings(unwrapped[1].fields);
  return fields.length === 1 && fields[0] ? fields[0] : undefined;
}

const NUMBER_TYPES = new Set([
  "int2",
  "int4",
  "int8",
  "integer",
  "smallint",
  "bigint",
  "numeric",
  "float4",
  "float8",
  "real",
]);

/** `'-10'::integer`: a quoted number cast to a number type. */
function castToNumber(node: unknown): boolean {
  const unwrapped = one(node);
  if (unwrapped?.[0] !== "TypeCast") return false;
  const type = strings((unwrapped[1].typeName as PgNode | undefined)?.names).at(-1) ?? "";
  return NUMBER_TYPES.has(type);
}

/** A constant's value: numbers as numbers, strings as strings; undefined otherwise. */
function constantOf(node: unknown): string | number | boolean | null | undefined {
  if (castToNumber(node)) {
    const inner = constantOf(one(node)?.[1]?.arg);
    if (typeof inner === "string" && inner.trim() !== "" && Number.isFinite(Number(inner))) return Number(inner);
    return inner;
  }
  const unwrapped = one(uncast(node));
  if (!unwrapped) return undefined;
  const [kind, body] = unwrapped;
  if (kind === "A_Const") {
    if (body.isnull) return null;
    const ival = body.ival as PgNode | undefined;
    if (ival) return Number(ival.ival ?? 0);
    const fval = body.fval as PgNode | undefined;
    if (fval) return Number(fval.fval);
    const sval = body.sval as PgNode | undefined;
    if (sval) return String(sval.sval ?? "");
    const boolval = body.boolval as PgNode | undefined;
    if (boolval) return Boolean(boolval.boolval);
    return undefined;
  }
  // `- 1` (a unary minus in front of a constant).
  if (kind === "A_Expr" && !body.lexpr && strings(body.name)[0] === "-") {
    const value = constantOf(body.rexpr);
    return typeof value === "number" ? -value : undefined;
  }
  return undefined;
}

const numeric = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** `f(column)` for one of `names`, possibly nested (`length(btrim(x))` → ["length", "btrim"]). */
function callOf(node: unknown): { names: string[]; column: string; args: unknown[] } | undefined {
  const names: string[] = [];
  let current = uncast(node);
  let args: unknown[] = [];
  for (;;) {
    const unwrapped = one(current);
    if (unwrapped?.[0] !== "FuncCall") break;
    const name = strings(unwrapped[1].funcname).at(-1) ?? "";
    names.push(name.toLowerCase());
    args = (unwrapped[1].args as unknown[]) ?? [];
    current = uncast(args[0]);
  }
  const column = columnOf(current);
  return names.length > 0 && column ? { names, column, args } : undefined;
}

type Operator = "<" | "<=" | ">" | ">=" | "=" | "<>";
const FLIPPED: Record<Operator, Operator> = { "<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "=", "<>": "<>" };
const OPERATORS = new Set(Object.keys(FLIPPED));

/** A fact about one column, with the column's name. */
type Fact = { column: string; facts: ColumnFacts };

const LENGTH_FUNCTIONS = new Set(["char_length", "length", "character_length"]);
const TRIM_FUNCTIONS = new Set(["btrim", "trim", "ltrim", "rtrim"]);
const COUNT_FUNCTIONS = new Set(["cardinality", "array_length"]);

function bound(
  operator: Operator,
  value: number,
  min: keyof ColumnFacts,
  max: keyof ColumnFacts,
): ColumnFacts | undefined {
  switch (operator) {
    case ">=":
      return { [min]: value };
    case ">":
      return min === "min" ? { min: value, minExclusive: true } : { [min]: Math.floor(value) + 1 };
    case "<=":
      return { [max]: value };
    case "<":
      return max === "max" ? { max: value, maxExclusive: true } : { [max]: Math.ceil(value) - 1 };
    case "=":
      return { [min]: value, [max]: value };
    default:
      return undefined;
  }
}

/** `column <op> constant`, `length(column) <op> n`, `cardinality(column) <op> n`, either side. */
function comparison(operator: Operator, left: unknown, right: unknown): Fact | undefined {
  let [op, subject, value] = [operator, left, constantOf(right)];
  if (value === undefined) [op, subject, value] = [FLIPPED[operator], right, constantOf(left)];
  if (value === undefined || value === null) return undefined;
  const column = columnOf(subject);
  if (column) {
    if (op === "<>") return { column, facts: { noneOf: [value as string | number] } };
    if (op === "=" && typeof value !== "boolean") return { column, facts: { oneOf: [value] } };
    if (!numeric(value)) return undefined;
    const facts = bound(op, value, "min", "max");
    return facts && { column, facts };
  }
  const call = callOf(subject);
  if (!call || !numeric(value)) {
    // `btrim(x) <> ''`: not blank.
    if (call && op === "<>" && value === "" && call.names.every((n) => TRIM_FUNCTIONS.has(n))) {
      return { column: call.column, facts: { notBlank: true } };
    }
    return undefined;
  }
  const [outer, ...inner] = call.names;
  if (LENGTH_FUNCTIONS.has(outer)) {
    // length(btrim(x)) > 0: not blank; a trimmed length says nothing else a form can check.
    if (inner.length > 0) {
      if (!inner.every((n) => TRIM_FUNCTIONS.has(n))) return undefined;
      return (op === ">" && value >= 0) || (op === ">=" && value >= 1)
        ? { column: call.column, facts: { notBlank: true } }
        : undefined;
    }
    const facts = bound(op, value, "minLength", "maxLength");
    return facts && { column: call.column, facts };
  }
  if (COUNT_FUNCTIONS.has(outer) && inner.length === 0) {
    // array_length(x, 1): the first dimension only.
    if (outer === "array_length" && constantOf(call.args[1]) !== 1) return undefined;
    const facts = bound(op, value, "minItems", "maxItems");
    return facts && { column: call.column, facts };
  }
  return undefined;
}

/** A POSIX regular expression as a JavaScript one, when it means the same; undefined when unsure. */
export function jsPattern(posix: string): string | undefined {
  // Classes and escapes whose meaning differs (or that JavaScript lacks) are not translated.
  const CLASSES: Record<string, string> = {
    "[:alpha:]": "a-zA-Z",
    "[:digit:]": "0-9",
    "[:alnum:]": "a-zA-Z0-9",
    "[:upper:]": "A-Z",
    "[:lower:]": "a-z",
    "[:space:]": "\\s",
    "[:xdigit:]": "0-9A-Fa-f",
  };
  let source = posix;
  for (const [posixClass, js] of Object.entries(CLASSES)) source = source.replaceAll(posixClass, js);
  if (/\[:[a-z]+:\]|\\[mMyYAZ]|\(\?[^:=!]|\\[0-9]/.test(source)) return undefined;
  try {
    new RegExp(source, "u");
    return source;
  } catch {
    return undefined;
  }
}

/** A LIKE pattern as an anchored JavaScript regular expression. */
function likePattern(like: string): string {
  let out = "";
  for (let i = 0; i < like.length; i += 1) {
    const c = like[i];
    if (c === "\\" && i + 1 < like.length) {
      out += like[i + 1].replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
      i += 1;
    } else if (c === "%") out += "[\\s\\S]*";
    else if (c === "_") out += "[\\s\\S]";
    else out += c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  }
  return `^${out}$`;
}

/** The constants of `ARRAY[…]` or an IN list, or undefined when any is not a constant. */
function constantList(node: unknown): (string | number)[] | undefined {
  const unwrapped = one(uncast(node));
  const items =
    unwrapped?.[0] === "A_ArrayExpr"
      ? (unwrapped[1].elements as unknown[])
      : unwrapped?.[0] === "List"
        ? (unwrapped[1].items as unknown[])
        : Array.isArray(node)
          ? node
          : undefined;
  if (!items) return undefined;
  const values = items.map(constantOf);
  return values.every((v) => typeof v === "string" || typeof v === "number")
    ? (values as (string | number)[])
    : undefined;
}

/** One part of a conjunction as a fact about one column, or undefined when the console cannot read it. */
function factOf(node: unknown): Fact | undefined {
  const unwrapped = one(node);
  if (!unwrapped) return undefined;
  const [kind, body] = unwrapped;
  if (kind === "NullTest") {
    const column = columnOf(body.arg);
    return column && body.nulltesttype === "IS_NOT_NULL" ? { column, facts: { notNull: true } } : undefined;
  }
  if (kind === "A_Expr") {
    const name = strings(body.name)[0];
    const exprKind = body.kind as string;
    if (exprKind === "AEXPR_OP" && OPERATORS.has(name)) return comparison(name as Operator, body.lexpr, body.rexpr);
    if (exprKind === "AEXPR_OP" && (name === "~" || name === "~*")) {
      const column = columnOf(body.lexpr);
      const pattern = constantOf(body.rexpr);
      const source = typeof pattern === "string" ? jsPattern(pattern) : undefined;
      return column && source !== undefined
        ? { column, facts: { patterns: [{ source, flags: name === "~*" ? "i" : "" }] } }
        : undefined;
    }
    // pg_get_constraintdef prints LIKE as `~~` (an operator); written as LIKE it parses as AEXPR_LIKE.
    if (["AEXPR_OP", "AEXPR_LIKE", "AEXPR_ILIKE"].includes(exprKind) && (name === "~~" || name === "~~*")) {
      const column = columnOf(body.lexpr);
      const pattern = constantOf(body.rexpr);
      return column && typeof pattern === "string"
        ? { column, facts: { patterns: [{ source: likePattern(pattern), flags: name === "~~*" ? "i" : "" }] } }
        : undefined;
    }
    if (exprKind === "AEXPR_OP_ANY" || exprKind === "AEXPR_IN") {
      const column = columnOf(body.lexpr);
      const values = constantList(body.rexpr);
      if (!column || !values) return undefined;
      if (name === "=") return { column, facts: { oneOf: values } };
      if (name === "<>") return { column, facts: { noneOf: values } };
      return undefined;
    }
    if (exprKind === "AEXPR_OP_ALL" && name === "<>") {
      const column = columnOf(body.lexpr);
      const values = constantList(body.rexpr);
      return column && values ? { column, facts: { noneOf: values } } : undefined;
    }
    if (exprKind === "AEXPR_BETWEEN") {
      const column = columnOf(body.lexpr);
      const [low, high] = ((one(body.rexpr)?.[1]?.items as unknown[]) ?? (body.rexpr as unknown[]) ?? []).map(
        constantOf,
      );
      return column && numeric(low) && numeric(high) ? { column, facts: { min: low, max: high } } : undefined;
    }
  }
  return undefined;
}

/** `x IS NULL OR <fact about x>`: the fact, for a value that is there (a nullable column). */
function nullableFact(args: unknown[]): Fact | undefined {
  if (args.length !== 2) return undefined;
  for (const [test, rest] of [
    [args[0], args[1]],
    [args[1], args[0]],
  ]) {
    const nullTest = one(test);
    if (nullTest?.[0] !== "NullTest" || nullTest[1].nulltesttype !== "IS_NULL") continue;
    const column = columnOf(nullTest[1].arg);
    const fact = factOf(rest);
    if (column && fact?.column === column) return fact;
  }
  return undefined;
}

/** The AND-ed parts of an expression (a single part when it is no AND). */
function conjuncts(node: unknown): unknown[] {
  const unwrapped = one(node);
  if (unwrapped?.[0] === "BoolExpr" && unwrapped[1].boolop === "AND_EXPR") {
    return (unwrapped[1].args as unknown[]).flatMap(conjuncts);
  }
  return [node];
}

function partFact(part: unknown): Fact | undefined {
  const unwrapped = one(part);
  if (unwrapped?.[0] === "BoolExpr" && unwrapped[1].boolop === "OR_EXPR") {
    return nullableFact(unwrapped[1].args as unknown[]);
  }
  if (unwrapped?.[0] === "BoolExpr" && unwrapped[1].boolop === "NOT_EXPR") {
    // NOT (x IN (…)) → none of.
    const inner = factOf((unwrapped[1].args as unknown[])[0]);
    if (inner?.facts.oneOf && Object.keys(inner.facts).length === 1) {
      return { column: inner.column, facts: { noneOf: inner.facts.oneOf } };
    }
    return undefined;
  }
  return factOf(part);
}

/** Two facts about one column, both holding: the tighter of each. */
export function mergeFacts(a: ColumnFacts, b: ColumnFacts): ColumnFacts {
  const out: ColumnFacts = { ...a };
  if (b.min !== undefined && (out.min === undefined || b.min >= out.min)) {
    out.minExclusive = b.min === out.min ? Boolean(out.minExclusive || b.minExclusive) : b.minExclusive;
    out.min = b.min;
  }
  if (b.max !== undefined && (out.max === undefined || b.max <= out.max)) {
    out.maxExclusive = b.max === out.max ? Boolean(out.maxExclusive || b.maxExclusive) : b.maxExclusive;
    out.max = b.max;
  }
  if (b.minLength !== undefined) out.minLength = Math.max(out.minLength ?? 0, b.minLength);
  if (b.maxLength !== undefined) out.maxLength = Math.min(out.maxLength ?? Number.POSITIVE_INFINITY, b.maxLength);
  if (b.minItems !== undefined) out.minItems = Math.max(out.minItems ?? 0, b.minItems);
  if (b.maxItems !== undefined) out.maxItems = Math.min(out.maxItems ?? Number.POSITIVE_INFINITY, b.maxItems);
  if (b.patterns) out.patterns = [...(out.patterns ?? []), ...b.patterns];
  if (b.oneOf) out.oneOf = out.oneOf ? out.oneOf.filter((v) => b.oneOf?.includes(v)) : b.oneOf;
  if (b.noneOf) out.noneOf = [...new Set([...(out.noneOf ?? []), ...b.noneOf])];
  if (b.notNull) out.notNull = true;
  if (b.notBlank) out.notBlank = true;
  if (out.minExclusive === undefined) delete out.minExclusive;
  if (out.maxExclusive === undefined) delete out.maxExclusive;
  return out;
}

/** The expression of a `pg_get_constraintdef` text: `CHECK ((x > 0)) NOT VALID` → x > 0's tree. */
async function checkExpression(parse: Parse, definition: string): Promise<unknown> {
  const { tree, error } = await parse(`ALTER TABLE t ADD CONSTRAINT c ${definition}`);
  if (error || !tree) return undefined;
  const stmt = (tree as { stmts?: { stmt?: PgNode }[] }).stmts?.[0]?.stmt?.AlterTableStmt as PgNode | undefined;
  const cmd = (stmt?.cmds as PgNode[] | undefined)?.[0]?.AlterTableCmd as PgNode | undefined;
  const constraint = (cmd?.def as PgNode | undefined)?.Constraint as PgNode | undefined;
  return constraint?.contype === "CONSTR_CHECK" ? constraint.raw_expr : undefined;
}

/** Reads a table's CHECK constraints into per-column rules (docs/any-project.md, "The console"). */
export async function translateChecks(checks: CheckConstraint[], parse?: Parse): Promise<CheckTranslation> {
  const out: CheckTranslation = { columns: {}, untranslated: [] };
  if (checks.length === 0) return out;
  const parseWith = parse ?? (await loadParser());
  for (const check of checks) {
    const expression = await checkExpression(parseWith, check.definition);
    const parts = expression === undefined ? [] : conjuncts(expression);
    let whole = parts.length > 0;
    for (const part of parts) {
      const fact = partFact(part);
      if (!fact) {
        whole = false;
        continue;
      }
      const held = out.columns[fact.column] ?? { from: [] };
      out.columns[fact.column] = { ...mergeFacts(held, fact.facts), from: [...new Set([...held.from, check.name])] };
    }
    if (!whole) out.untranslated.push(check.name);
  }
  return out;
}
