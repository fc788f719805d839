// Several statements in one round trip. node-postgres sends a statement and waits
// for its answer before the next; a request that needs "become the caller, then
// read" would pay BEGIN, set_config, the read and COMMIT as four round trips. This
// Submittable writes every statement (Parse/Bind/Describe/Execute, values as bind
// parameters) followed by a single Sync: in the extended protocol the statements up
// to a Sync run in one implicit transaction, committed at the Sync, rolled back on
// the first error (the server skips the rest), so set_config(…, true) holds for the
// statements after it and ends with them.
import { createRequire } from "node:module";
import type pg from "pg";
import { type RequestScope, scopeSettings } from "./index.js";

export interface Statement {
  text: string;
  values: unknown[];
}

interface PgResult {
  rows: Record<string, unknown>[];
  addFields(fields: unknown[]): void;
  parseRow(fields: unknown[]): Record<string, unknown>;
  addRow(row: Record<string, unknown>): void;
  addCommandComplete(msg: unknown): void;
}

interface Connection {
  stream: { cork?: () => void; uncork?: () => void };
  parse(q: { text: string }): void;
  bind(c: { values: unknown[]; valueMapper: (v: unknown) => unknown }): void;
  describe(m: { type: "P"; name: string }): void;
  execute(c: Record<string, never>): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

// node-postgres' own row parsing (with the type parsers set in ./index.ts) and value
// serialisation, so results and parameters are exactly what client.query gives.
const require = createRequire(import.meta.url);
const Result = require("pg/lib/result.js") as new () => PgResult;
const { prepareValue } = require("pg/lib/utils.js") as { prepareValue: (v: unknown) => unknown };

class Pipeline {
  private readonly results: PgResult[];
  private current = 0;
  private settled = false;
  readonly done: Promise<PgResult[]>;
  private resolve!: (results: PgResult[]) => void;
  private reject!: (err: Error) => void;

  constructor(private readonly statements: Statement[]) {
    this.results = statements.map(() => new Result());
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  submit(connection: Connection): void {
    connection.stream.cork?.();
    try {
      for (const s of this.statements) {
        connection.parse({ text: s.text });
        connection.bind({ values: s.values, valueMapper: prepareValue });
        connection.describe({ type: "P", name: "" });
        connection.execute({});
      }
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
  }

  handleRowDescription(msg: { fields: unknown[] }): void {
    this.results[this.current].addFields(msg.fields);
  }

  handleDataRow(msg: { fields: unknown[] }): void {
    const result = this.results[this.current];
    result.addRow(result.parseRow(msg.fields));
  }

  handleCommandComplete(msg: unknown): void {
    this.results[this.current++].addCommandComplete(msg);
  }

  handleEmptyQuery(): void {
    this.current++;
  }

  /** A statement failed (the server skips to the Sync and rolls back) or the connection broke. */
  handleError(err: Error): void {
    if (this.settled) return;
    this.settled = true;
    this.reject(err);
  }

  handleReadyForQuery(): void {
    if (this.settled) return;
    this.settled = true;
    this.resolve(this.results);
  }

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: Connection): void {
    connection.sendCopyFail("COPY is not supported in a pipeline");
  }

  handleCopyData(): void {}
}

/** Runs the statements in one implicit transaction and one round trip; the rows of each. */
export async function pipeline(client: pg.ClientBase, statements: Statement[]): Promise<Record<string, unknown>[][]> {
  const p = new Pipeline(statements);
  client.query(p as unknown as pg.Submittable);
  return (await p.done).map((r) => r.rows);
}

/**
 * One read-only statement as the caller (see withScope), in a single round trip:
 * the scope's settings and the statement are pipelined in one transaction.
 */
export async function readInScope(
  pool: pg.Pool,
  scope: RequestScope,
  statement: Statement,
): Promise<Record<string, unknown>[]> {
  const client = await pool.connect();
  let broken = false;
  try {
    const [, rows] = await pipeline(client, [scopeSettings(scope, { readOnly: true }), statement]);
    return rows;
  } catch (err) {
    // A server error leaves the connection ready (the Sync ended the transaction);
    // anything else may have left it mid-protocol.
    broken = !(err instanceof Error && "severity" in err);
    throw err;
  } finally {
    client.release(broken);
  }
}
