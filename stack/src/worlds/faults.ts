// A world's injected gateway faults (docs/qa.md, `faults`): each rule matches requests by
// service, method and path, and delays, answers with a status, or cuts the connection.
// Rules are checked in the order they were added; the first match applies. They live as
// long as the world, that is, until the test ends.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Service } from "../context.js";
import type { FaultRule } from "./protocol.js";

const SERVICES: Record<string, string> = {
  rest: "/rest/v1",
  auth: "/auth/v1",
  storage: "/storage/v1",
  functions: "/functions/v1",
  realtime: "/realtime/v1",
  mail: "/_mail",
  vectors: "/storage/v1/vector",
};
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const MAX_DELAY_MS = 10 * 60_000;

export class FaultError extends Error {}

interface ActiveRule {
  rule: FaultRule;
  path: RegExp | null;
  left: number;
}

/** `*` matches within one path segment, `**` across segments; everything else literally. */
export function globToRegExp(glob: string): RegExp {
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "*" && glob[i + 1] === "*") {
      source += ".*";
      i++;
    } else if (c === "*") {
      source += "[^/]*";
    } else {
      source += c.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
    }
  }
  return new RegExp(`^${source}$`);
}

/** Checks a rule as it arrives from the kit; throws FaultError naming what is wrong. */
function validateRule(input: unknown): FaultRule {
  if (!input || typeof input !== "object") throw new FaultError("a fault is an object");
  const rule = input as FaultRule;
  if (rule.service !== undefined && !(rule.service in SERVICES)) {
    throw new FaultError(`unknown service "${rule.service}" (one of ${Object.keys(SERVICES).join(", ")})`);
  }
  if (rule.method !== undefined && !METHODS.has(String(rule.method).toUpperCase())) {
    throw new FaultError(`unknown method "${rule.method}"`);
  }
  if (rule.path !== undefined && (typeof rule.path !== "string" || !rule.path.startsWith("/"))) {
    throw new FaultError(`path must start with "/" (got ${JSON.stringify(rule.path)})`);
  }
  if (rule.pathPattern !== undefined) {
    try {
      new RegExp(rule.pathPattern.source, rule.pathPattern.flags);
    } catch (err) {
      throw new FaultError(`pathPattern is not a regular expression: ${(err as Error).message}`);
    }
  }
  if (rule.status !== undefined && !(Number.isInteger(rule.status) && rule.status >= 100 && rule.status <= 599)) {
    throw new FaultError(`status must be an HTTP status (100-599), got ${rule.status}`);
  }
  if (
    rule.delayMs !== undefined &&
    !(Number.isFinite(rule.delayMs) && rule.delayMs >= 0 && rule.delayMs <= MAX_DELAY_MS)
  ) {
    throw new FaultError(`delay must be 0 to ${MAX_DELAY_MS} ms, got ${rule.delayMs}`);
  }
  if (rule.times !== undefined && !(Number.isInteger(rule.times) && rule.times > 0)) {
    throw new FaultError(`times must be a positive integer, got ${rule.times}`);
  }
  if (rule.drop && rule.status !== undefined)
    throw new FaultError("a fault either drops the connection or answers a status");
  if (!rule.drop && rule.status === undefined && !rule.delayMs) {
    throw new FaultError("a fault delays, answers a status or drops the connection: give delay, status or drop");
  }
  return rule;
}

export class FaultTable {
  private readonly rules: ActiveRule[] = [];

  add(input: unknown): void {
    const rule = validateRule(input);
    const path = rule.pathPattern
      ? new RegExp(rule.pathPattern.source, rule.pathPattern.flags)
      : rule.path !== undefined
        ? globToRegExp(rule.path)
        : null;
    this.rules.push({ rule, path, left: rule.times ?? Number.POSITIVE_INFINITY });
  }

  clear(): void {
    this.rules.length = 0;
  }

  get size(): number {
    return this.rules.length;
  }

  /** The rule a request meets (and counts it), or undefined. */
  take(method: string, url: string): FaultRule | undefined {
    const path = url.split("?")[0];
    for (const active of this.rules) {
      const { rule } = active;
      if (active.left <= 0) continue;
      if (rule.method && rule.method.toUpperCase() !== method) continue;
      if (rule.service) {
        const prefix = SERVICES[rule.service];
        if (!(path === prefix || path.startsWith(`${prefix}/`))) continue;
        // /storage/v1/vector belongs to vectors, not storage.
        if (rule.service === "storage" && path.startsWith(`${SERVICES.vectors}/`)) continue;
      }
      if (active.path && !active.path.test(path)) continue;
      active.left--;
      return rule;
    }
    return undefined;
  }

  /** The gateway hook (GatewayOptions.beforeRequest). */
  readonly hook = async (req: FastifyRequest, reply: FastifyReply, _service: Service | undefined): Promise<void> => {
    if (this.rules.length === 0) return;
    const rule = this.take(req.method, req.url);
    if (!rule) return;
    if (rule.delayMs) await new Promise((resolve) => setTimeout(resolve, rule.delayMs));
    if (rule.drop) {
      reply.hijack();
      req.raw.socket.destroy();
      return;
    }
    if (rule.status !== undefined) {
      reply.code(rule.status).send(rule.body ?? { message: "Fault injected by the test" });
    }
  };
}
