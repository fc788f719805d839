// Load runs of autocannon, in a process of their own so the load does not share the
// benchmark's event loop. p50 and p99 come from every 2xx response's own time: autocannon's
// histogram keeps whole milliseconds, and a list answers in a few of them, so its
// percentiles hide the differences that matter.
//   npx tsx bench/rest/load.ts URL CONNECTIONS SECONDS '{"header":"value"}'
// prints one run's result as JSON. Forked with an IPC channel (run.ts), it runs one load per
// `run` message and keeps each side's response times, so that a side measured in several
// slices gets the percentiles of all its responses together (`latency`); it ends when the
// parent disconnects.
import autocannon from "autocannon";

export interface RunMessage {
  type: "run";
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  /** Keep the response times under this name (none: a warm-up). */
  side?: string;
}
export interface LatencyMessage {
  type: "latency";
  side: string;
}
export interface RunReply {
  requests: number;
  /** How long the run took, as autocannon timed it. */
  seconds: number;
  errors: number;
  non2xx: number;
}
/** ms, with the microseconds, over every run of the side. */
export interface LatencyReply {
  p50: number;
  p99: number;
}

async function loadRun(job: Omit<RunMessage, "type">): Promise<{ result: autocannon.Result; times: number[] }> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const options = { url: job.url, connections: job.connections, duration: job.seconds, headers: job.headers };
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
    });
  });
  return { result, times };
}

function latency(times: number[]): LatencyReply {
  const sorted = Float64Array.from(times).sort();
  const percentile = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
  return { p50: percentile(50), p99: percentile(99) };
}

if (process.send) {
  const timesBySide = new Map<string, number[]>();
  process.on("message", async (message: RunMessage | LatencyMessage) => {
    try {
      if (message.type === "latency") {
        process.send?.(latency(timesBySide.get(message.side) ?? []));
        return;
      }
      const { result, times } = await loadRun(message);
      if (message.side) timesBySide.set(message.side, (timesBySide.get(message.side) ?? []).concat(times));
      const reply: RunReply = {
        requests: result.requests.total,
        seconds: result.duration,
        errors: result.errors,
        non2xx: result.non2xx,
      };
      process.send?.(reply);
    } catch (error) {
      process.send?.({ error: String(error) });
    }
  });
} else {
  const [url, connections, seconds, headers = "{}"] = process.argv.slice(2);
  if (!url || !connections || !seconds) throw new Error("usage: load.ts URL CONNECTIONS SECONDS [HEADERS_JSON]");
  const { result, times } = await loadRun({
    url,
    connections: Number(connections),
    seconds: Number(seconds),
    headers: JSON.parse(headers),
  });
  process.stdout.write(
    JSON.stringify({
      requests: result.requests.total,
      rps: result.requests.average,
      errors: result.errors,
      non2xx: result.non2xx,
      ...latency(times),
    }),
  );
}
