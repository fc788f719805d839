// One row's delete or update for a bulk action, through the REST API as the operator, with
// the docs/product.md §8 message when it fails. RLS hides rows the operator may not change: such a
// write affects no row, which is reported as forbidden instead of passing silently.
import type { BaseRecord, HttpError } from "@refinedev/core";
import type { SupabaseClient } from "@supabase/supabase-js";
import { idColumnOf } from "../lib/select";
import type { ResourceDefinition } from "../resources/types";
import { type DescribeResource, type Operation, toHttpError } from "./errors";

type Key = string | number;

function failure(
  error: { code?: string; message: string } | null,
  rows: unknown[] | null,
  def: ResourceDefinition,
  operation: Operation,
  describe: DescribeResource,
): HttpError | undefined {
  if (error) return toHttpError(error, def.name, operation, describe);
  if (!rows || rows.length === 0)
    return toHttpError({ code: "42501", message: "no row changed" }, def.name, operation, describe);
  return undefined;
}

export async function deleteRow(client: SupabaseClient, def: ResourceDefinition, id: Key, describe: DescribeResource) {
  const idColumn = idColumnOf(def);
  const { data, error } = await client.from(def.name).delete().eq(idColumn, id).select(idColumn);
  const failed = failure(error, data, def, "delete", describe);
  if (failed) throw failed;
}

/** Sets `values` on one row; a versioned row carries the version it was listed with. */
export async function updateRow(
  client: SupabaseClient,
  def: ResourceDefinition,
  record: BaseRecord,
  values: Record<string, unknown>,
  describe: DescribeResource,
) {
  const idColumn = idColumnOf(def);
  const body = def.versioned ? { ...values, version: record.version } : values;
  const { data, error } = await client
    .from(def.name)
    .update(body)
    .eq(idColumn, record[idColumn] as Key)
    .select(idColumn);
  const failed = failure(error, data, def, "update", describe);
  if (failed) throw failed;
}
