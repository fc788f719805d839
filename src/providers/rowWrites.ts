// Bulk actions and undoable deletes write rows through ONE call of Opsdesk's bulk_write
// (opsdesk.bulk_write, docs/any-project.md), whatever the number of rows: the database writes
// every row it accepts and names each one it refuses, and each refusal gets the
// docs/product.md §8 message a form would show. RLS hides rows the operator may not change:
// such a row is refused as forbidden instead of passing silently.
import type { BaseRecord } from "@refinedev/core";
import { idColumnOf, metaFor } from "../lib/select";
import type { ResourceDefinition } from "../resources/types";
import { type DescribeResource, noRow, type Operation, type PostgrestLikeError, toHttpError } from "./errors";
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
  /** Rows an update left alone (Opsdesk's bulk_write writes or refuses each row: none). */
  unchanged: Key[];
  /** The rows the database refused, in the order asked, each with the reason in the console's words. */
  refused: { id: Key; message: string }[];
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
  const asked: Key[] = write.action === "update" ? write.records.map((record) => record[idColumn] as Key) : write.ids;
  if (asked.length === 0) return { changed: [], unchanged: [], refused: [] };
  const meta = metaFor(def);
  // Every resource is a table of the live schema (src/schema): one without its table is no resource.
  if (!isTableMeta(meta)) throw toHttpError(noRow("write"), def.name, operation, describe);
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
    unchanged: [],
    refused: asked.flatMap((id) => {
      const message = reasons.get(String(id));
      return message === undefined ? [] : [{ id, message }];
    }),
  };
}
