// One React Query client, following whether the server answers (serverConnection.ts): a read
// that gets no answer fails at once with docs/product.md §8's words instead of spinning through
// retries, and when the server answers again every read on screen runs again (React Query's
// "reconnect"), which clears those errors; saves that wait for the server are sent then too
// (features/saving/). Cached answers never outlive the user they were fetched for.
import { onlineManager, QueryClient } from "@tanstack/react-query";
import { serverConnection } from "./serverConnection";
import type { ConsoleClient } from "./supabaseClient";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      // A read is tried even while the server seems away (it is the best probe), and fails
      // at once: the screen says so, and the reconnect runs it again.
      networkMode: "always",
      retry: false,
      // React Query leaves this off for "always" reads; the way back is what clears their errors.
      refetchOnReconnect: true,
    },
  },
});

/** React Query's "online" is the server's reachability, not only the browser's network. */
export function followServerConnection(): void {
  const connection = serverConnection();
  onlineManager.setEventListener((setOnline) => {
    setOnline(connection.getState().reachable);
    return connection.subscribe(() => setOnline(connection.getState().reachable));
  });
}

/** From now on, another user (or none) drops the data and access answers fetched for the previous one. */
export function forgetOnUserChange(client: ConsoleClient): void {
  let userId: string | undefined;
  client.auth.onAuthStateChange((_event, session) => {
    const next = session?.user.id;
    if (next === userId) return;
    userId = next;
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "auth" });
  });
}
