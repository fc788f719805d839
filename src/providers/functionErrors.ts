// Errors of the console's edge functions (staff-admin, similar, duplicates,
// merge-customers, a project's opsdesk-admin): each answers `{ error: "<message for the
// operator>" }` (opsdesk-admin also `code`, which the console words itself), a 401
// means the caller's own session has ended, and a network failure is docs/product.md §8's.
import { FunctionsFetchError, FunctionsHttpError } from "@supabase/supabase-js";
import { MESSAGES } from "../i18n/messages";
import type { ConsoleClient } from "./supabaseClient";

/** An operator-facing error: `status` 401 means the caller's own session has ended. */
export class FunctionCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The function's own code (`{ error, code }`: opsdesk-admin's OPSDESK_*), to act on instead of the text. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The message of a failed call: the function's own `{ error }`, else docs/product.md §8's wording. */
export async function functionError(error: unknown): Promise<FunctionCallError> {
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    const body = (await response.json().catch(() => null)) as { error?: unknown; code?: unknown } | null;
    const message = typeof body?.error === "string" ? body.error : `The request failed (${response.status}).`;
    const code = typeof body?.code === "string" ? body.code : undefined;
    return new FunctionCallError(response.status === 401 ? MESSAGES.sessionEnded : message, response.status, code);
  }
  if (error instanceof FunctionsFetchError) return new FunctionCallError(MESSAGES.network, 0);
  return new FunctionCallError(error instanceof Error ? error.message : String(error), 500);
}

/** Calls an edge function with a JSON body: its answer, or a FunctionCallError to show. */
export async function invokeFunction<T>(client: ConsoleClient, name: string, body: object): Promise<T> {
  const { data, error } = await client.functions.invoke<T>(name, { body });
  if (error || !data) throw await functionError(error);
  return data;
}
