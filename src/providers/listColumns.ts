// The operator's column choices per list (shown, order, widths) in public.list_columns
// (supabase/migrations/20250702100000_list_columns.sql; RLS: own rows, for resources the
// operator may list), so they follow the operator across reloads and browsers.
import { templated } from "../i18n/messages";
import { type PostgrestLikeError, plainMessage, violatedConstraint } from "./errors";
import { operatorTable, storedResource } from "./operatorTables";
import type { ConsoleClient } from "./supabaseClient";

export interface ListColumnsChoice {
  /** Shown columns, in order. */
  columns: string[];
  /** Pixel widths of the columns the operator resized. */
  widths: Record<string, number>;
}

/** The narrowest and widest a column may be made (the table's check says the same). */
export const COLUMN_WIDTH = { min: 40, max: 2000 };

/** The table's rules by constraint name: message key and English text. */
const RULES: Record<string, [string, string]> = {
  list_columns_columns_check: ["listColumns.columnsRule", "Columns must be 1–100 column names."],
  list_columns_widths_check: ["listColumns.widthsRule", "Widths must map column names to 40–2000 pixels."],
};

async function operatorId(client: ConsoleClient): Promise<string | undefined> {
  const { data } = await client.auth.getSession();
  return data.session?.user.id;
}

/** A failed read or write of the choice, in the operator's words. */
export function listColumnsError(error: PostgrestLikeError): Error {
  // The broken check by its name (errors.ts reads it as every constraint error is read).
  const rule = RULES[violatedConstraint(error) ?? ""];
  return new Error(rule ? templated(rule[1], rule[0]) : plainMessage(error));
}

/** The stored choice for a list; null when the operator has made none (or is signed out). */
export async function loadListColumns(client: ConsoleClient, resource: string): Promise<ListColumnsChoice | null> {
  const userId = await operatorId(client);
  if (!userId) return null;
  const { data, error } = await operatorTable(client, "list_columns")
    .select("columns, widths")
    .eq("user_id", userId)
    .eq("resource", storedResource(resource))
    .maybeSingle();
  if (error) throw listColumnsError(error);
  return data ? { columns: data.columns, widths: (data.widths ?? {}) as Record<string, number> } : null;
}

/** Stores the whole choice for a list (one row per operator and list). */
export async function saveListColumns(
  client: ConsoleClient,
  resource: string,
  choice: ListColumnsChoice,
): Promise<void> {
  const userId = await operatorId(client);
  if (!userId) return;
  const { error } = await operatorTable(client, "list_columns").upsert(
    { user_id: userId, resource: storedResource(resource), ...choice },
    { onConflict: "user_id,resource" },
  );
  if (error) throw listColumnsError(error);
}
