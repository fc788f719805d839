// Child process of bench/realtime/run.ts: the subscribing clients, kept out of the
// stack's process so that client work (and the bookkeeping of receipts) does not
// count as server time. Speaks to the parent over IPC:
//   subscribe {tokens} → ready; reset → reset; progress → {complete};
//   report → {complete, p50, p99, lastAt}; cpu → {ms} (this process's CPU time so far).
// Every client joins one channel with an INSERT binding on each measured table.
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";

const TABLES = ["bench_posts", "bench_open"];

const clients: SupabaseClient[] = [];
/** Per change id: how many subscribers received it. */
let counts = new Map<number, number>();
let latencies: number[] = [];
let complete = 0;
let lastAt = 0;

function receive(id: number, commitTimestamp: string): void {
  const at = Date.now();
  latencies.push(at - Date.parse(commitTimestamp));
  lastAt = at;
  const n = (counts.get(id) ?? 0) + 1;
  counts.set(id, n);
  if (n === clients.length) complete++;
}

async function subscribe(url: string, anonKey: string, tokens: string[], offset: number): Promise<void> {
  await Promise.all(
    tokens.map(async (token, i) => {
      const client = createClient(url, anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket, timeout: 30_000 },
      });
      clients.push(client);
      await client.realtime.setAuth(token);
      let channel = client.channel(`bench-${offset + i}`);
      for (const table of TABLES) {
        channel = channel.on("postgres_changes", { event: "INSERT", schema: "public", table }, (p) =>
          receive(Number((p.new as { id: number }).id), p.commit_timestamp),
        );
      }
      await new Promise<void>((resolve, reject) => {
        channel.subscribe((status, err) => {
          if (status === "SUBSCRIBED") resolve();
          else if (status !== "CLOSED") reject(new Error(`${status} ${err?.message ?? ""}`));
        });
      });
    }),
  );
}

function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = Float64Array.from(xs).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface Message {
  type: string;
  url?: string;
  anonKey?: string;
  tokens?: string[];
  offset?: number;
}

process.on("message", async (msg: Message) => {
  if (msg.type === "subscribe") {
    await subscribe(msg.url ?? "", msg.anonKey ?? "", msg.tokens ?? [], msg.offset ?? 0);
    process.send?.({ type: "ready" });
  } else if (msg.type === "reset") {
    counts = new Map();
    latencies = [];
    complete = 0;
    lastAt = 0;
    process.send?.({ type: "reset" });
  } else if (msg.type === "progress") {
    process.send?.({ type: "progress", complete });
  } else if (msg.type === "report") {
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    process.send?.({ type: "report", complete, p50, p99, lastAt });
  } else if (msg.type === "cpu") {
    const usage = process.cpuUsage();
    process.send?.({ type: "cpu", ms: (usage.user + usage.system) / 1000 });
  } else if (msg.type === "exit") {
    for (const c of clients) c.realtime.disconnect();
    process.exit(0);
  }
});
