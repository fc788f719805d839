// How the Supabase CLI reads a config.toml value before checking it: viper decodes with
// mapstructure's WeaklyTypedInput, so `port = "54321"` is a port and `enabled = 1` is on,
// and its decode hooks read sizes ("50MiB"), Go durations ("1h30m") and a string where a
// list goes ("a,b" is two). This converts what the CLI converts and leaves the rest as
// written, for the schema to refuse (schema.ts, docs/configuration.md).
import type { TSchema } from "@sinclair/typebox";
import { parseGoDuration } from "../shared/duration.js";
import type { Environment } from "./env.js";
import type { GoKind } from "./schema.js";

/** One thing wrong in the file: where (the keys from the root) and what is allowed there. */
export interface ConfigIssue {
  path: string[];
  message: string;
}

/** The value's name in an issue: `"yes"`, `3`, `a table`. */
export function shown(value: unknown): string {
  if (Array.isArray(value)) return "a list";
  if (value !== null && typeof value === "object") return "a table";
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

const TRUE = new Set(["1", "t", "T", "TRUE", "true", "True"]);
const FALSE = new Set(["0", "f", "F", "FALSE", "false", "False", ""]);

/** Go's strconv.ParseUint with base 0 (as mapstructure calls it): decimal, 0x, 0o or 0, 0b, `_` between digits. */
function parseGoUint(text: string): number | null {
  const s = text === "" ? "0" : text;
  const m = /^(0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|0[0-7_]*|[1-9][0-9_]*)$/.exec(s);
  if (!m || /__|_$/.test(s)) return null;
  const digits = s.replace(/_/g, "");
  if (/^0[0-7]+$/.test(digits)) return Number.parseInt(digits.slice(1), 8);
  const n = Number(digits.replace(/^0[oO]/, "0o"));
  return Number.isSafeInteger(n) ? n : null;
}

/** docker/go-units RAMInBytes, the CLI's sizeInBytes: "50MiB", "5MB", "1.5g", "1024"; each unit is binary. */
function ramInBytes(text: string): number | null {
  const m = /^(\d+(?:\.\d+)*) ?([kKmMgGtTpP])?[iI]?[bB]?$/.exec(text);
  if (!m) return null;
  const size = Number(m[1]);
  if (!Number.isFinite(size)) return null;
  const power = m[2] ? "kmgtp".indexOf(m[2].toLowerCase()) + 1 : 0;
  return Math.trunc(size * 1024 ** power);
}

function goKind(schema: TSchema): GoKind | undefined {
  return (schema as { goKind?: GoKind }).goKind;
}

function decodeBoolean(value: unknown): unknown {
  if (typeof value === "number") return value !== 0;
  if (typeof value === "string" && TRUE.has(value)) return true;
  if (typeof value === "string" && FALSE.has(value)) return false;
  return value;
}

function decodeInteger(schema: TSchema, value: unknown, path: string[], issues: ConfigIssue[]): unknown {
  if (goKind(schema) === "size" && typeof value === "string") {
    const bytes = ramInBytes(value);
    if (bytes === null) {
      issues.push({
        path,
        message: `cannot read the size ${shown(value)}: give a size like "50MiB" or a number of bytes`,
      });
    }
    return bytes ?? value;
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number" && Number.isFinite(value) && value >= 0) return Math.trunc(value);
  if (typeof value === "string") return parseGoUint(value) ?? value;
  return value;
}

function decodeString(schema: TSchema, value: unknown, path: string[], issues: ConfigIssue[]): unknown {
  const kind = goKind(schema);
  if (kind === "duration") {
    if (typeof value === "number" && Number.isInteger(value)) return `${value}ns`;
    if (typeof value === "string" && parseGoDuration(value) === null) {
      issues.push({
        path,
        message: `cannot read the duration ${shown(value)}: give a Go duration like "1s", "5m" or "1h30m"`,
      });
    }
    return value;
  }
  if (kind === "secret" || "enum" in schema) return value;
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") return String(value);
  return value;
}

const ENV = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/;

/**
 * `env(NAME)` replaced by the variable, as the CLI's LoadEnvHook does before decoding.
 * Unset, a string or list is empty (the stack's choice: an unset secret is no secret);
 * any other field keeps the text and is refused, as in the CLI, saying the variable is unset.
 */
function withEnv(schema: TSchema, value: unknown, path: string[], issues: ConfigIssue[], env: Environment): unknown {
  const m = typeof value === "string" ? ENV.exec(value.trim()) : null;
  if (!m) return value;
  const set = env[m[1]];
  if (set !== undefined && set !== "") return set;
  if (schema.type === "string" || schema.type === "array") return "";
  issues.push({ path, message: `${m[1]} is not set in the environment (${value} gives nothing to read)` });
  return value;
}

function isTable(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * `value` converted where the CLI's decoder converts it (schema node by schema node);
 * values it would not convert are returned as written, and what a hook of the CLI
 * refuses (a size, a duration) is added to `issues`. `env(NAME)` reads `env` (env.ts: the
 * process's variables over the project's `.env` files).
 */
export function weaklyDecode(
  schema: TSchema,
  raw: unknown,
  path: string[],
  issues: ConfigIssue[],
  env: Environment = process.env,
): unknown {
  const value = withEnv(schema, raw, path, issues, env);
  switch (schema.type) {
    case "boolean":
      return decodeBoolean(value);
    case "integer":
      return decodeInteger(schema, value, path, issues);
    case "string":
      return decodeString(schema, value, path, issues);
    case "array": {
      let list: unknown = value;
      if (typeof value === "string") list = value === "" ? [] : value.split(",");
      else if (isTable(value) && Object.keys(value).length === 0) list = [];
      else if (!Array.isArray(value) && !isTable(value)) list = [value];
      if (!Array.isArray(list)) return value;
      return list.map((item, i) => weaklyDecode(schema.items as TSchema, item, [...path, String(i)], issues, env));
    }
    case "object": {
      if (!isTable(value)) return value;
      const properties = (schema.properties ?? {}) as Record<string, TSchema>;
      const entries = schema.patternProperties ? (Object.values(schema.patternProperties)[0] as TSchema) : undefined;
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        const child = Object.hasOwn(properties, key) ? properties[key] : entries;
        out[key] = child ? weaklyDecode(child, item, [...path, key], issues, env) : item;
      }
      return out;
    }
    default:
      return value;
  }
}
