// Form saves carry an idempotency key (lib/resourceMeta.ts `writeKey`) and are sent again until
// the server answers (SAVE_RETRY): a save that got no answer may have been made, and the key
// makes sure it is made once (supabase/migrations/20250713100000_write_once.sql). A save goes
// on when its form is left; its outcome reaches the drafts (features/saving) wherever the
// operator is: made → the draft goes; refused → the draft stays for its form.
import type { HttpError } from "@refinedev/core";
import type { QueryClient } from "@tanstack/react-query";
import { drafts } from "./pageDrafts";

/** React Query options of a form's create and update. */
export const SAVE_RETRY = {
  // No answer (statusCode 0): send again, with the same key, once the server answers —
  // React Query holds the save while the server connection says it is away (networkMode).
  retry: (_failures: number, error: HttpError) => error.statusCode === 0,
  retryDelay: 1_000,
  networkMode: "online" as const,
};

const keyOf = (variables: unknown) =>
  (variables as { meta?: { writeKey?: unknown } } | undefined)?.meta?.writeKey as string | undefined;

/** Follows every keyed save of the page to its end. */
export function watchKeyedSaves(client: QueryClient): () => void {
  return client.getMutationCache().subscribe((event) => {
    if (event.type !== "updated") return;
    const key = keyOf(event.mutation.state.variables);
    if (!key) return;
    if (event.action.type === "success") drafts().saved(key);
    else if (event.action.type === "error") drafts().refused(key);
  });
}
