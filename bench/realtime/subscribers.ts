// Child process of bench/realtime/run.ts: the subscribing clients, kept out of the
// stack's process so that client work does not count as server time. Speaks to the
// parent over IPC: `subscribe` (tokens) → `ready`; `reset`; `report` → receipts.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";

interface Receipt {
  id: number;
  latencyMs: number;
  at: number;
}

const clients: SupabaseClient[] = [];
let receipts: Receipt[] = [];

async function subscribe(url: string, anonKey: string, tokens: string[], offset: number): Promise<void> {
  await Promise.all(
    tokens.map(async (token, i) => {
      const client = createClient(url, anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket, timeout: 30_000 },
      });
      clients.push(client);
      await client.realtime.setAuth(token);
      await new Promise<void>((resolve, reject) => {
        client
          .channel(`bench-${offset + i}`)
          .on("postgres_changes", { event: "INSERT", schema: "public", table: "bench_posts" }, (p) => {
            const at = Date.now();
            receipts.push({
              id: Number((p.new as { id: number }).id),
              latencyMs: at - Date.parse(p.commit_timestamp),
              at,
            });
          })
          .subscribe((status, err) => {
            if (status === "SUBSCRIBED") resolve();
            else if (status !== "CLOSED") reject(new Error(`${status} ${err?.message ?? ""}`));
          });
      });
    }),
  );
}

process.on(
  "message",
  async (msg: { type: string; url?: string; anonKey?: string; tokens?: string[]; offset?: number }) => {
    if (msg.type === "subscribe") {
      await subscribe(msg.url ?? "", msg.anonKey ?? "", msg.tokens ?? [], msg.offset ?? 0);
      process.send?.({ type: "ready" });
    } else if (msg.type === "reset") {
      receipts = [];
      process.send?.({ type: "reset" });
    } else if (msg.type === "report") {
      process.send?.({ type: "report", receipts });
    } else if (msg.type === "exit") {
      for (const c of clients) c.realtime.disconnect();
      process.exit(0);
    }
  },
);
