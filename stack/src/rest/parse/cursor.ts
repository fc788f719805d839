// A tiny scanner shared by the select/order/filter/logic parsers. Positions are
// reported 1-based like parsec's "(line 1, column N)".
import { ParseError } from "./errors.js";
import type { Field, JsonStep } from "./types.js";

const IDENT_CHAR = /[\p{L}\p{N}_ $]/u;

export class Cursor {
  pos = 0;

  constructor(
    readonly input: string,
    /** e.g. `select parameter`, used in error messages. */
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.input.length;
  }

  peek(offset = 0): string {
    return this.input[this.pos + offset] ?? "";
  }

  startsWith(s: string): boolean {
    return this.input.startsWith(s, this.pos);
  }

  eat(s: string): boolean {
    if (!this.startsWith(s)) return false;
    this.pos += s.length;
    return true;
  }

  expect(s: string, expecting = `"${s}"`): void {
    if (!this.eat(s)) this.fail(expecting);
  }

  skipSpaces(): void {
    while (this.peek() === " ") this.pos++;
  }

  rest(): string {
    const r = this.input.slice(this.pos);
    this.pos = this.input.length;
    return r;
  }

  fail(expecting: string): never {
    const found = this.done ? "end of input" : `"${this.peek()}"`;
    throw new ParseError(
      `failed to parse ${this.what} (${this.input})`,
      `unexpected ${found} expecting ${expecting}`,
      this.pos + 1,
    );
  }

  /** `"quoted \" name"` or identifier segments joined by `-` (but not `->`). */
  fieldName(): string {
    if (this.peek() === '"') return this.quoted();
    const start = this.pos;
    for (;;) {
      while (IDENT_CHAR.test(this.peek())) this.pos++;
      if (this.peek() === "-" && this.peek(1) !== ">" && IDENT_CHAR.test(this.peek(1))) {
        this.pos++;
        continue;
      }
      break;
    }
    const name = this.input.slice(start, this.pos).trim();
    if (!name) this.fail("field name (* or [a..z0..9_$])");
    return name;
  }

  /** A double-quoted string with backslash escapes. */
  quoted(): string {
    this.expect('"');
    let out = "";
    while (!this.done && this.peek() !== '"') {
      if (this.peek() === "\\" && this.pos + 1 < this.input.length) this.pos++;
      out += this.peek();
      this.pos++;
    }
    this.expect('"', 'closing """');
    return out;
  }

  /** `->a->>0` after a field name. */
  jsonPath(): JsonStep[] {
    const steps: JsonStep[] = [];
    for (;;) {
      const arrow = this.eat("->>") ? "->>" : this.eat("->") ? "->" : null;
      if (!arrow) return steps;
      const m = /^-?\d+(?![\p{L}\p{N}_$])/u.exec(this.input.slice(this.pos));
      if (m) {
        this.pos += m[0].length;
        steps.push({ arrow, key: Number(m[0]) });
      } else {
        steps.push({ arrow, key: this.fieldName() });
      }
    }
  }

  field(): Field {
    const name = this.fieldName();
    return { name, json: this.jsonPath() };
  }

  /** Lower-case word made of letters and `_` (operator names, directions). */
  word(): string {
    const m = /^[a-z_]+/i.exec(this.input.slice(this.pos));
    if (!m) return "";
    this.pos += m[0].length;
    return m[0];
  }
}
