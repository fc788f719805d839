// What the stack says when config.toml holds a key or value the Supabase CLI would
// refuse: each problem with its file, line (found by the key's table header and name),
// key and what is allowed there, all at once (docs/configuration.md).
import { levenshtein } from "../shared/levenshtein.js";
import type { SchemaIssue } from "../shared/validation.js";
import { type ConfigIssue, shown } from "./decode.js";
import type { GoKind } from "./schema.js";

/** A config.toml the stack will not start with; `issues` are the problems, one per key. */
export class ConfigError extends Error {
  constructor(
    readonly file: string,
    readonly issues: { line?: number; key: string; message: string }[],
  ) {
    const lines = issues.map((i) => `  ${file}${i.line ? `:${i.line}` : ""}: ${i.key}: ${i.message}`);
    super(
      `${file}: ${issues.length === 1 ? "a value" : `${issues.length} values`} the Supabase CLI would refuse too:\n${lines.join("\n")}`,
    );
    this.name = "ConfigError";
  }
}

/** A key as written in TOML: `auth.email.max_frequency`, `storage.buckets."my.bucket"`. */
export function keyName(path: string[]): string {
  return path.map((key) => (/^[A-Za-z0-9_-]+$/.test(key) ? key : JSON.stringify(key))).join(".") || "(the file)";
}

/** A TOML key (`a."b.c" . d`) split into its parts. */
function splitKey(text: string): string[] {
  const parts: string[] = [];
  const re = /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(\.|$)/y;
  let m: RegExpExecArray | null;
  re.lastIndex = 0;
  // biome-ignore lint/suspicious/noAssignInExpressions: a sticky regular expression read part by part
  while (re.lastIndex < text.length && (m = re.exec(text))) {
    parts.push(m[1] !== undefined ? JSON.parse(`"${m[1]}"`) : (m[2] ?? m[3]));
    if (m[4] === "") break;
  }
  return parts;
}

/**
 * The line where `path` (or the closest table above it) is written: table headers are
 * followed as TOML reads them; inline tables and arrays of tables are not looked into.
 */
export function lineOf(source: string, path: string[]): number | undefined {
  const lines = source.split(/\r?\n/);
  const found = new Map<string, number>();
  let table: string[] = [];
  lines.forEach((line, i) => {
    const header = /^\s*\[\[?([^\]]+)\]\]?\s*(#.*)?$/.exec(line);
    if (header) {
      table = splitKey(header[1]);
      if (!found.has(table.join("\0"))) found.set(table.join("\0"), i + 1);
      return;
    }
    const assignment = /^\s*((?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_.\s-])+?)\s*=/.exec(line);
    if (assignment) {
      const keys = [...table, ...splitKey(assignment[1])];
      if (!found.has(keys.join("\0"))) found.set(keys.join("\0"), i + 1);
    }
  });
  for (let n = path.length; n > 0; n--) {
    const line = found.get(path.slice(0, n).join("\0"));
    if (line) return line;
  }
  return undefined;
}

/** What a schema node takes, in words. */
function allowed(schema: Record<string, unknown>): string {
  const kind = schema.goKind as GoKind | undefined;
  if (kind === "size") return 'a size like "50MiB" or a number of bytes';
  if (kind === "duration") return 'a Go duration like "1s", "5m" or "1h30m"';
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  switch (schema.type) {
    case "boolean":
      return "true or false";
    case "integer":
      return schema.maximum === 65535 ? "a port number (0 to 65535)" : "a whole number, 0 or more";
    case "string":
      return kind === "secret" ? 'a string (or "env(NAME)")' : "a string";
    case "array":
      return "a list of strings";
    default:
      return "a table";
  }
}

/** The allowed key closest to `key`, when it is close enough to be a typo. */
function closest(key: string, keys: string[]): string | undefined {
  let best: { key: string; d: number } | undefined;
  for (const candidate of keys) {
    const d = levenshtein(key, candidate);
    if (d <= Math.max(1, Math.floor(candidate.length / 4)) && (!best || d < best.d)) best = { key: candidate, d };
  }
  return best?.key;
}

/** One of Ajv's findings (run with `verbose`, so it carries the schema and the value) in the CLI's terms. */
export function describeSchemaIssue(issue: SchemaIssue): ConfigIssue {
  const path = issue.instancePath
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
  const parent = (issue.parentSchema ?? {}) as Record<string, unknown>;
  if (issue.keyword === "additionalProperties") {
    const key = String(issue.params.additionalProperty);
    const keys = Object.keys((parent.properties as object | undefined) ?? {});
    const guess = closest(key, keys);
    return {
      path: [...path, key],
      message: `unknown key${guess ? ` (did you mean ${guess}?)` : ""}; ${path.length ? `[${keyName(path)}]` : "the file"} takes ${keys.join(", ") || "no keys"}`,
    };
  }
  return { path, message: `expected ${allowed(parent)}, got ${shown(issue.data)}` };
}
