// Minimal leveled logger for the stack's own messages (Fastify keeps its logger off:
// one line per request costs more than the request at the rates we target).
type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const threshold = order[(process.env.STACK_LOG_LEVEL as Level) ?? "info"] ?? order.info;

function write(level: Level, scope: string, message: string, extra?: unknown): void {
  if (order[level] < threshold) return;
  const line = `[${scope}] ${message}`;
  const stream = level === "error" || level === "warn" ? process.stderr : process.stdout;
  stream.write(extra === undefined ? `${line}\n` : `${line} ${formatExtra(extra)}\n`);
}

function formatExtra(extra: unknown): string {
  if (extra instanceof Error) return extra.stack ?? extra.message;
  try {
    return JSON.stringify(extra);
  } catch {
    return String(extra);
  }
}

export interface Logger {
  debug(message: string, extra?: unknown): void;
  info(message: string, extra?: unknown): void;
  warn(message: string, extra?: unknown): void;
  error(message: string, extra?: unknown): void;
  child(scope: string): Logger;
}

export function createLogger(scope: string): Logger {
  return {
    debug: (m, e) => write("debug", scope, m, e),
    info: (m, e) => write("info", scope, m, e),
    warn: (m, e) => write("warn", scope, m, e),
    error: (m, e) => write("error", scope, m, e),
    child: (sub) => createLogger(`${scope}:${sub}`),
  };
}
