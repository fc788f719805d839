// Splits a migration or seed file into statements the way the Supabase CLI does before
// it sends them as one batch (docs/migrations.md): a `;` ends a statement unless it is
// inside a quoted string or identifier, a dollar-quoted body, a comment, parentheses or
// a `BEGIN ATOMIC … END` function body; a backslash makes the next character plain.
// Each statement keeps its text (comments included) without the closing `;` and
// surrounding blanks, with the offset where it starts, so an error can name its line.

export interface SqlStatement {
  /** The statement as sent, trimmed, without its final `;`. */
  text: string;
  /** Offset of `text` in the file. */
  start: number;
}

const IDENTIFIER_CHAR = /[\p{L}\p{N}_$]/u;
const TAG_CHAR = /[\p{L}\p{N}_]/u;

/** `BEGIN ATOMIC` ends at offset `end` (exclusive): both words whole, any blanks between. */
function endsWithBeginAtomic(sql: string, end: number): boolean {
  const atomic = end - "atomic".length;
  if (atomic < 0 || sql.slice(atomic, end).toLowerCase() !== "atomic") return false;
  if (atomic > 0 && IDENTIFIER_CHAR.test(sql[atomic - 1])) return false;
  let i = atomic;
  while (i > 0 && /\s/.test(sql[i - 1])) i--;
  if (i === atomic) return false;
  const begin = i - "begin".length;
  if (begin < 0 || sql.slice(begin, i).toLowerCase() !== "begin") return false;
  return begin === 0 || !IDENTIFIER_CHAR.test(sql[begin - 1]);
}

/** `word` stands whole at offset `i` (no identifier character touches it). */
function isWord(sql: string, i: number, word: string): boolean {
  if (sql.slice(i, i + word.length).toLowerCase() !== word) return false;
  return !IDENTIFIER_CHAR.test(sql[i - 1] ?? " ") && !IDENTIFIER_CHAR.test(sql[i + word.length] ?? " ");
}

/**
 * Where the quoted text, comment or body opened at `i` ends (the offset after it), or
 * undefined when `sql[i]` opens none of them.
 */
function skipQuoted(sql: string, i: number): number | undefined {
  const c = sql[i];
  if (c === "'" || c === '"') {
    let j = i + 1;
    for (;;) {
      const close = sql.indexOf(c, j);
      if (close < 0) return sql.length;
      if (sql[close + 1] !== c) return close + 1;
      j = close + 2; // a doubled quote stays inside
    }
  }
  if (c === "-" && sql[i + 1] === "-") {
    const eol = sql.indexOf("\n", i + 2);
    return eol < 0 ? sql.length : eol + 1;
  }
  if (c === "/" && sql[i + 1] === "*") {
    let depth = 1;
    let j = i + 2;
    while (j < sql.length && depth > 0) {
      if (sql[j] === "/" && sql[j + 1] === "*") {
        depth++;
        j += 2;
      } else if (sql[j] === "*" && sql[j + 1] === "/") {
        depth--;
        j += 2;
      } else j++;
    }
    return j;
  }
  if (c === "$") {
    let j = i + 1;
    while (j < sql.length && TAG_CHAR.test(sql[j])) j++;
    if (sql[j] !== "$") return undefined;
    const tag = sql.slice(i, j + 1);
    const close = sql.indexOf(tag, j + 1);
    return close < 0 ? sql.length : close + tag.length;
  }
  if (c === "\\") return Math.min(i + 2, sql.length);
  return undefined;
}

/** The end (exclusive) of the parenthesised or BEGIN ATOMIC block opened before `i`. */
function skipBlock(sql: string, i: number, closer: ")" | "end"): number {
  let j = i;
  while (j < sql.length) {
    const skipped = skipQuoted(sql, j);
    if (skipped !== undefined) {
      j = skipped;
      continue;
    }
    if (closer === ")" && sql[j] === ")") return j + 1;
    if (closer === "end" && isWord(sql, j, "end")) return j + 3;
    if (sql[j] === "(") {
      j = skipBlock(sql, j + 1, ")");
      continue;
    }
    j++;
    if (endsWithBeginAtomic(sql, j)) j = skipBlock(sql, j, "end");
  }
  return j;
}

export function splitSql(sql: string): SqlStatement[] {
  const out: SqlStatement[] = [];
  let from = 0;
  const emit = (end: number) => {
    const raw = sql.slice(from, end).replace(/;+$/, "");
    const text = raw.trim();
    if (text) out.push({ text, start: from + (raw.length - raw.trimStart().length) });
    from = end;
  };
  let i = 0;
  while (i < sql.length) {
    const skipped = skipQuoted(sql, i);
    if (skipped !== undefined) {
      i = skipped;
      continue;
    }
    const c = sql[i];
    if (c === ";") {
      emit(i + 1);
      i++;
      continue;
    }
    if (c === "(") {
      i = skipBlock(sql, i + 1, ")");
      continue;
    }
    i++;
    if (endsWithBeginAtomic(sql, i)) i = skipBlock(sql, i, "end");
  }
  emit(sql.length);
  return out;
}

/** The 1-based line of `offset` in `text`. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}
