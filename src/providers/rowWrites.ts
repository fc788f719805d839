// Bulk actions and undoable deletes write rows through ONE call of the bulk_write RPC
// (supabase/migrations/20250703100000_bulk_write.sql), whatever the number of rows: the
// database writes every row it accepts and names each one it refuses, and each refusal
// gets the docs/product.md §8 message a form would show. RLS hides rows the operator may
// not change: such a row is refused as forbidden instead of passing silently.
import type { BaseRecord } from "@refinedev/core";
import { idColumnOf, metaFor } from "../lib/select";
import { asJson, fromJson } from "../resources/rpc";
import type { ResourceDefinition } from "../resources/types";
import { type DescribeResource, type Operation, type PostgrestLikeError, toHttpError } from "./errors";
import type { ConsoleClient } from "./supabaseClient";
import { bulkWrite, isTableMeta, queryErrorOf } from "./tableData";

type Key = string | number;

/** The most rows one bulk action takes (bulk_write refuses more as well). */
export const MAX_BULK_ROWS = 5000;

export type RowsWrite =
  | { action: "update"; records: BaseRecord[]; values: Record<string, unknown> }
  | { action: "delete"; ids: Key[] };

export interface RowsOutcome {
  /** The rows written, in the order asked. */
  changed: Key[];
  /** Rows an update left alone: they already held the values (not written, no new version). */
  unchanged: Key[];
  /** The rows the database refused, in the order asked, each with the reason in the console's words. */
  refused: { id: Key; message: string }[];
}

interface BulkWriteResult {
  changed: Key[];
  /** Absent from databases before 20250712100100_bulk_write_unchanged.sql. */
  unchanged?: Key[];
  refused: (PostgrestLikeError & { id: Key })[];
}

export async function writeRows(
  client: ConsoleClient,
  def: ResourceDefinition,
  write: RowsWrite,
  describe: DescribeResource,
): Promise<RowsOutcome> {
  const idColumn = idColumnOf(def);
  const operation: Operation = write.action;
  // A versioned row carries the version it was listed with: one changed since is refused as stale.
  const rows: Record<string, unknown>[] =
    write.action === "update"
      ? write.records.map((record) => ({
          [idColumn]: record[idColumn],
          ...(def.versioned ? { version: record.version } : {}),
        }))
      : write.ids.map((id) => ({ [idColumn]: id }));
  const asked = rows.map((row) => row[idColumn] as Key);
  if (asked.length === 0) return { changed: [], unchanged: [], refused: [] };
  const meta = metaFor(def);
  if (isTableMeta(meta)) {
    // A resource generated from the live schema: the project's opsdesk.bulk_write (tableData.ts).
    const written = await bulkWrite(
      client,
      meta,
      write.action === "update"
        ? {
            action: "update",
            ids: asked,
            values: write.values,
            versions: def.fields.some((f) => f.name === "version") ? write.records.map((r) => r.version) : undefined,
          }
        : { action: "delete", ids: asked },
    ).catch((thrown) => {
      throw toHttpError(queryErrorOf(thrown) ?? (thrown as PostgrestLikeError), def.name, operation, describe);
    });
    const done = new Set(written.changed.map(String));
    const reasons = new Map(
      written.refused.map((r) => [String(r.id), toHttpError(r.error, def.name, operation, describe).message]),
    );
    return {
      changed: asked.filter((id) => done.has(String(id))),
      // The generated bulk_write reports no unchanged rows: each asked row is written or refused.
      unchanged: [],
      refused: asked.flatMap((id) => {
        const message = reasons.get(String(id));
        return message === undefined ? [] : [{ id, message }];
      }),
    };
  }
  const { data, error } = await client.rpc("bulk_write", {
    resource: def.name,
    action: write.action,
    rows: asJson(rows),
    changes: asJson(write.action === "update" ? write.values : {}),
  });
  if (error) throw toHttpError(error, def.name, operation, describe);
  const result = fromJson<BulkWriteResult>(data);
  const changed = new Set(result.changed.map(String));
  const unchanged = new Set((result.unchanged ?? []).map(String));
  const reasons = new Map(
    result.refused.map((refusal) => [String(refusal.id), toHttpError(refusal, def.name, operation, describe).message]),
  );
  return {
    changed: asked.filter((id) => changed.has(String(id))),
    unchanged: asked.filter((id) => unchanged.has(String(id))),
    refused: asked.flatMap((id) => {
      const message = reasons.get(String(id));
      return message === undefined ? [] : [{ id, message }];
    }),
  };
}
