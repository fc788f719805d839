// Several statements in one round trip. node-postgres sends a statement and waits
// for its answer before the next; a request that needs "become the caller, then
// read" would pay BEGIN, set_config, the read and COMMIT as four round trips. This
// Submittable writes every statement (Parse/Bind/Describe/Execute, values as bind
// parameters; node-postgres internals through adapters/pg-internals.ts) followed by a single Sync, in one socket write: in the extended
// protocol the statements up to a Sync run in one implicit transaction, committed at
// the Sync, rolled back on the first error (the server skips the rest), so
// set_config(…, true) holds for the statements after it and ends with them.
// Statements whose text repeats (the caller settings, compiled reads) are prepared
// once per connection under a name, so Postgres parses and plans them once.
import type pg from "pg";
import { type PgConnection, PgResult, prepareValue, serialize } from "../adapters/pg-internals.js";

export interface Statement {
  text: string;
  values: unknown[];
  /**
   * Prepare once per connection and reuse (Postgres skips parse and, once it settles
   * on a generic plan, planning). Only for texts that repeat and whose result columns
   * never change: a cached plan whose result type changes fails (0A000).
   */
  prepare?: boolean;
  /** The rows are not wanted (e.g. set_config results): not described, not parsed. */
  discard?: boolean;
}

/**
 * Named statements one connection keeps (one per query shape: values are bound).
 * Each holds a cached plan in its backend, tens of kB: the least recently used go.
 */
const MAX_PREPARED_PER_CONNECTION = 100;

class PreparedStatements {
  private readonly names = new Map<string, string>();
  private counter = 0;
  /** Names that may exist on the server but are not tracked: closed with the next batch. */
  readonly toClose: string[] = [];

  lookup(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined) {
      this.names.delete(text); // refresh its place in the LRU order
      this.names.set(text, name);
    }
    return name;
  }

  newName(): string {
    return `opsdesk_${++this.counter}`;
  }

  add(text: string, name: string): void {
    this.names.set(text, name);
    if (this.names.size <= MAX_PREPARED_PER_CONNECTION) return;
    const [oldest, oldestName] = this.names.entries().next().value as [string, string];
    this.names.delete(oldest);
    this.toClose.push(oldestName);
  }
}

const preparedByConnection = new WeakMap<PgConnection, PreparedStatements>();

function preparedOf(connection: PgConnection): PreparedStatements {
  let prepared = preparedByConnection.get(connection);
  if (!prepared) {
    prepared = new PreparedStatements();
    preparedByConnection.set(connection, prepared);
  }
  return prepared;
}

class Pipeline {
  private readonly results: PgResult[];
  private current = 0;
  private prepared?: PreparedStatements;
  /** Statements parsed under a new name by this batch, by index. */
  private readonly parsing: (string | undefined)[] = [];
  private settled = false;
  readonly done: Promise<PgResult[]>;
  private resolve!: (results: PgResult[]) => void;
  private reject!: (err: Error) => void;

  constructor(private readonly statements: Statement[]) {
    this.results = statements.map(() => new PgResult());
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  /**
   * The whole batch as one buffer, one socket write. A value that cannot be
   * serialised fails the batch before anything is sent (node-postgres then reports
   * the returned error and frees the connection).
   */
  submit(connection: PgConnection): Error | undefined {
    const prepared = preparedOf(connection);
    this.prepared = prepared;
    try {
      // Closes first: they cannot fail, so an error later in the batch does not skip them.
      const messages = prepared.toClose.splice(0).map((name) => serialize.close({ type: "S", name }));
      this.statements.forEach((s, i) => {
        let name = s.prepare ? prepared.lookup(s.text) : "";
        if (name === undefined) {
          name = prepared.newName();
          this.parsing[i] = name;
        }
        if (name === "" || this.parsing[i]) messages.push(serialize.parse({ text: s.text, name }));
        messages.push(serialize.bind({ statement: name, values: s.values, valueMapper: prepareValue }));
        if (!s.discard) messages.push(serialize.describe({ type: "P", name: "" }));
        messages.push(serialize.execute());
      });
      messages.push(serialize.sync());
      if (connection.stream.writable) connection.stream.write(Buffer.concat(messages));
      return undefined;
    } catch (err) {
      return err instanceof Error ? err : new Error(String(err));
    }
  }

  handleRowDescription(msg: { fields: unknown[] }): void {
    this.results[this.current].addFields(msg.fields);
  }

  handleDataRow(msg: { fields: unknown[] }): void {
    if (this.statements[this.current].discard) return;
    const result = this.results[this.current];
    result.addRow(result.parseRow(msg.fields));
  }

  handleCommandComplete(msg: unknown): void {
    this.settleParse(this.current, true);
    this.results[this.current++].addCommandComplete(msg);
  }

  /**
   * A statement that completed was parsed; for the one that failed (or any
   * skipped after it) it is unknown whether the Parse got through, so its name is
   * closed with the next batch on this connection (closing a missing name is no error).
   */
  private settleParse(index: number, parsed: boolean): void {
    const name = this.parsing[index];
    if (!name || !this.prepared) return;
    this.parsing[index] = undefined;
    if (parsed) this.prepared.add(this.statements[index].text, name);
    else this.prepared.toClose.push(name);
  }

  handleEmptyQuery(): void {
    this.settleParse(this.current, true);
    this.current++;
  }

  /** A statement failed (the server skips to the Sync and rolls back) or the connection broke. */
  handleError(err: Error): void {
    if (this.settled) return;
    this.settled = true;
    // Which statement the server refused (those before it ran; the batch is rolled back).
    Object.assign(err, { statementIndex: this.current });
    for (let i = this.current; i < this.statements.length; i++) this.settleParse(i, false);
    this.reject(err);
  }

  handleReadyForQuery(): void {
    if (this.settled) return;
    this.settled = true;
    this.resolve(this.results);
  }

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: PgConnection): void {
    connection.sendCopyFail("COPY is not supported in a pipeline");
  }

  handleCopyData(): void {}
}

/** The index of the statement a failed pipeline stopped at (undefined for other errors). */
export function failedStatementIndex(err: unknown): number | undefined {
  const index = (err as { statementIndex?: unknown } | null)?.statementIndex;
  return typeof index === "number" ? index : undefined;
}

/** Runs the statements in one implicit transaction and one round trip; the rows of each. */
export async function pipeline(client: pg.ClientBase, statements: Statement[]): Promise<Record<string, unknown>[][]> {
  const p = new Pipeline(statements);
  client.query(p as unknown as pg.Submittable);
  return (await p.done).map((r) => r.rows);
}
