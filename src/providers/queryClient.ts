// One React Query client: network failures are retried with backoff (SPEC §8), and cached
// answers never outlive the user they were fetched for.
import { QueryClient } from "@tanstack/react-query";
import { supabase } from "./supabaseClient";

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

let userId: string | undefined;
supabase.auth.onAuthStateChange((_event, session) => {
  const next = session?.user.id;
  if (next === userId) return;
  userId = next;
  // Another user (or none): drop data and access answers fetched for the previous one.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "auth" });
});
