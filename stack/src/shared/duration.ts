// Go's time.ParseDuration, which config.toml (max_frequency) and the admin API
// (ban_duration) use: "1s", "1h30m", "876000h", "1.5h".
const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

export function parseGoDuration(text: string): number | null {
  const input = text.trim();
  if (input === "0") return 0;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/y;
  let total = 0;
  let pos = 0;
  const sign = input.startsWith("-") ? -1 : 1;
  if (input.startsWith("-") || input.startsWith("+")) pos = 1;
  if (pos >= input.length) return null;
  while (pos < input.length) {
    re.lastIndex = pos;
    const m = re.exec(input);
    if (!m) return null;
    total += Number(m[1]) * UNIT_MS[m[2]];
    pos = re.lastIndex;
  }
  return sign * total;
}
