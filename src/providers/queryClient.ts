// One React Query client: network failures are retried with backoff (docs/product.md §8), and cached
// answers never outlive the user they were fetched for.
import type { SupabaseClient } from "@supabase/supabase-js";
import { QueryClient } from "@tanstack/react-query";

const MAX_NETWORK_RETRIES = 5;

const isUnreachable = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { statusCode?: number }).statusCode === 0;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      retry: (failures, error) => isUnreachable(error) && failures < MAX_NETWORK_RETRIES,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 15_000),
    },
  },
});

/** From now on, another user (or none) drops the data and access answers fetched for the previous one. */
export function forgetOnUserChange(client: SupabaseClient): void {
  let userId: string | undefined;
  client.auth.onAuthStateChange((_event, session) => {
    const next = session?.user.id;
    if (next === userId) return;
    userId = next;
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "auth" });
  });
}
