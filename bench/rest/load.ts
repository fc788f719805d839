// One load run of autocannon, in a process of its own so the load does not share the
// benchmark's event loop. Prints autocannon's result as JSON, with p50 and p99 taken from
// every 2xx response's own time: autocannon's histogram keeps whole milliseconds, and a
// list answers in a few of them, so its percentiles hide the differences that matter.
//   npx tsx bench/rest/load.ts URL CONNECTIONS SECONDS '{"header":"value"}'
import autocannon from "autocannon";

const [url, connections, seconds, headers = "{}"] = process.argv.slice(2);
if (!url || !connections || !seconds) throw new Error("usage: load.ts URL CONNECTIONS SECONDS [HEADERS_JSON]");

const times: number[] = [];
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const options = { url, connections: Number(connections), duration: Number(seconds), headers: JSON.parse(headers) };
  const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
  });
});

const sorted = Float64Array.from(times).sort();
const percentile = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
process.stdout.write(
  JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.average,
    errors: result.errors,
    non2xx: result.non2xx,
    p50: percentile(50),
    p99: percentile(99),
  }),
);
