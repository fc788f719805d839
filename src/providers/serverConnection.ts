// The page's one view of whether the server answers (connection.ts), made on first use: both
// clients (authClient.ts, supabaseClient.ts) send their requests through it. Its automatic
// try is the smallest call the console's screens depend on: Opsdesk's schema_version through
// PostgREST as anon (whatever REST answers — the version, a refusal, "no such schema" — is an
// answer), so a REST service down behind a live gateway is not taken for an answer. The browser's own online/offline events count too.
import { type Connection, createConnection } from "./connection";
import { SUPABASE_ANON_KEY, SUPABASE_URL } from "./supabaseConfig";

let made: { connection: Connection; fetch: typeof fetch } | undefined;

function page() {
  if (made) return made;
  const connection = createConnection(async () => {
    const response = await tracked(`${SUPABASE_URL}/rest/v1/rpc/schema_version`, {
      headers: { apikey: SUPABASE_ANON_KEY, "Accept-Profile": "opsdesk" },
    });
    await response.body?.cancel();
  });
  const tracked = connection.wrap((input, init) => fetch(input, init));
  window.addEventListener("offline", () => connection.wentOffline());
  window.addEventListener("online", () => void connection.tryNow());
  made = { connection, fetch: tracked };
  return made;
}

export const serverConnection = (): Connection => page().connection;

/** `fetch` for the clients: every request says whether the server answered. */
export const trackedFetch: typeof fetch = (input, init) => page().fetch(input, init);
