// The Node side of opsdesk_world (world.c): the library spec the stack builds, and the
// small file per world database through which the stack moves that database's clock and
// slows its statements (docs/qa.md). Only the stack writes it; backends map it read-only.
import { chown, mkdir, open, rm } from "node:fs/promises";
import path from "node:path";
import type { LibrarySpec } from "../build.js";

export const WORLD_LIBRARY: LibrarySpec = { name: "opsdesk_world", sources: ["world/world.c"] };

/** "DSKWORLD" read as a little-endian int64, as world.c checks it. */
const MAGIC = 0x444c524f574b5344n;
const SIZE = 64;
const CLOCK_OFFSET_AT = 8;
const STATEMENT_DELAY_AT = 16;

export interface WorldDatabaseControl {
  /** Moves the database's clock to `offsetMs` ahead of the real time. */
  setClockOffset(offsetMs: number): Promise<void>;
  /** Every top-level statement waits this long first (0: none). */
  setStatementDelay(delayMs: number): Promise<void>;
  remove(): Promise<void>;
}

function int64(value: bigint): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigInt64LE(value);
  return bytes;
}

/**
 * Creates the control file of database `oid` (offset 0, no delay) under the server's data
 * directory; it must exist before the first connection to that database, which maps it.
 */
export async function createWorldControl(
  dataDirectory: string,
  oid: number,
  owner?: { uid: number; gid: number },
): Promise<WorldDatabaseControl> {
  const dir = path.join(dataDirectory, "opsdesk_world");
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, String(oid));
  const initial = Buffer.alloc(SIZE);
  initial.writeBigInt64LE(MAGIC, 0);
  const handle = await open(file, "w", 0o600);
  await handle.write(initial, 0, SIZE, 0);
  if (owner) {
    await chown(dir, owner.uid, owner.gid);
    await chown(file, owner.uid, owner.gid);
  }
  // Each value is one aligned 8-byte write: a backend reads the old or the new value.
  const write = async (at: number, value: bigint) => {
    await handle.write(int64(value), 0, 8, at);
  };
  return {
    setClockOffset: (offsetMs) => write(CLOCK_OFFSET_AT, BigInt(Math.round(offsetMs)) * 1000n),
    setStatementDelay: (delayMs) => write(STATEMENT_DELAY_AT, BigInt(Math.round(delayMs)) * 1000n),
    remove: async () => {
      await handle.close().catch(() => {});
      await rm(file, { force: true });
    },
  };
}
