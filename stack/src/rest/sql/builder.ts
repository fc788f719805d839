// Collects bind parameters while SQL text is assembled: values never enter the text.
import { quoteIdent } from "../../shared/sql.js";

export class SqlBuilder {
  readonly values: unknown[] = [];
  private aliases = 1;

  param(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** A fresh table alias, unique within the statement. */
  alias(prefix = "t"): string {
    return `pgrst_${prefix}${this.aliases++}`;
  }
}

export interface SqlQuery {
  text: string;
  values: unknown[];
}

export { quoteIdent };
