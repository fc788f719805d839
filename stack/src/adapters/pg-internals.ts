// node-postgres internals the stack relies on, in one place (docs/architecture.md,
// "Adapters"). db/pipeline.ts sends several statements in one round trip as a
// Submittable and needs what pg keeps private: its row parsing (`pg/lib/result.js`,
// with the type parsers the stack sets), its parameter serialisation
// (`pg/lib/utils.js`), the protocol serialiser of the pg-protocol it depends on, and
// the Connection's socket. platform/cron.ts needs a client's backend pid. What each
// relies on is declared (package.json pins pg and pg-protocol at the versions checked)
// and checked by pg-internals.test.ts, which fails when an update changes it.
import { createRequire } from "node:module";
import type pg from "pg";

/** pg's Result: the rows of one statement, parsed with pg's type parsers. */
export interface PgResult {
  rows: Record<string, unknown>[];
  addFields(fields: unknown[]): void;
  parseRow(fields: unknown[]): Record<string, unknown>;
  addRow(row: Record<string, unknown>): void;
  addCommandComplete(msg: unknown): void;
}

/** What pg hands a Submittable's `submit` and `handleCopyInResponse`: its Connection. */
export interface PgConnection {
  stream: { writable: boolean; write(buffer: Buffer): boolean };
  sendCopyFail(message: string): void;
}

/** pg-protocol's frontend message serialiser (the one pg itself writes with). */
interface PgSerializer {
  parse(q: { text: string; name: string }): Buffer;
  bind(c: { statement: string; values: unknown[]; valueMapper: (v: unknown) => unknown }): Buffer;
  describe(m: { type: "P"; name: string }): Buffer;
  execute(): Buffer;
  close(m: { type: "S"; name: string }): Buffer;
  sync(): Buffer;
}

const require = createRequire(import.meta.url);
const pgRequire = createRequire(require.resolve("pg"));

export const PgResult = require("pg/lib/result.js") as new () => PgResult;
/** pg's conversion of a JavaScript value to a bind parameter (dates, buffers, arrays, JSON). */
export const prepareValue = (require("pg/lib/utils.js") as { prepareValue: (v: unknown) => unknown }).prepareValue;
/** Resolved from pg's own folder, so it is the pg-protocol pg runs with. */
export const serialize = (pgRequire("pg-protocol") as { serialize: PgSerializer }).serialize;

/** The backend process id of a connected client (pg sets it from BackendKeyData; untyped in @types/pg). */
export function backendPidOf(client: pg.ClientBase): number {
  return (client as unknown as { processID: number }).processID;
}
