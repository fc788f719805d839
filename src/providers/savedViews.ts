// The operator's saved list views in public.saved_views (RLS: own rows only), and the
// table's rules (supabase/migrations/20250602100100_saved_views.sql) in plain words.
import type { CrudFilter, CrudSort } from "@refinedev/core";
import { MESSAGES } from "../i18n/messages";
import { plainMessage, violatedConstraint } from "./errors";
import { operatorTable, storedResource } from "./operatorTables";
import type { ConsoleClient } from "./supabaseClient";

export interface SavedView {
  id: string;
  resource: string;
  name: string;
  filters: CrudFilter[];
  sorters: CrudSort[];
  columns: string[] | null;
  page_size: number;
  is_default: boolean;
}

export type SavedViewInput = Omit<SavedView, "id">;

export type Translate = (key: string, defaultText: string) => string;

const RULES: Record<string, [string, string]> = {
  saved_views_name_key: ["savedViews.nameTaken", "A view with this name already exists."],
  saved_views_name_check: ["savedViews.nameRule", "Name must be 1–60 characters."],
  saved_views_columns_check: ["savedViews.columnsRule", "Columns must be 1–100 column names."],
  saved_views_page_size_check: ["savedViews.pageSizeRule", "Page size must be 10, 25, 50 or 100."],
};

interface PostgrestLikeError {
  code?: string;
  message: string;
}

export function savedViewErrorMessage(error: PostgrestLikeError, t: Translate): string {
  // The broken constraint by its name (errors.ts reads it as every constraint error is read).
  const rule = RULES[violatedConstraint(error) ?? ""];
  if (rule) return t(...rule);
  if (error.code === "42501") return t("savedViews.forbidden", MESSAGES.forbidden);
  return plainMessage(error);
}

const COLUMNS = "id, resource, name, filters, sorters, columns, page_size, is_default";

export function savedViewsApi(client: ConsoleClient, t: Translate) {
  const fail = (error: PostgrestLikeError) => new Error(savedViewErrorMessage(error, t));
  const one = async (query: PromiseLike<{ data: unknown; error: PostgrestLikeError | null }>) => {
    const { data, error } = await query;
    if (error) throw fail(error);
    return data as SavedView;
  };
  return {
    list: async (resource: string): Promise<SavedView[]> => {
      const { data, error } = await operatorTable(client, "saved_views")
        .select(COLUMNS)
        .eq("resource", storedResource(resource))
        .order("name");
      if (error) throw fail(error);
      return data as SavedView[];
    },
    create: (view: SavedViewInput) =>
      one(
        operatorTable(client, "saved_views")
          .insert({ ...view, resource: storedResource(view.resource) })
          .select(COLUMNS)
          .single(),
      ),
    update: (id: string, patch: Partial<SavedViewInput>) =>
      one(operatorTable(client, "saved_views").update(patch).eq("id", id).select(COLUMNS).single()),
    remove: async (id: string) => {
      const { error } = await operatorTable(client, "saved_views").delete().eq("id", id);
      if (error) throw fail(error);
    },
  };
}
