// The environment a project's config.toml is read in, as the Supabase CLI builds it
// (docs/configuration.md, "The environment"): the variables of the process, then those of the
// project's `.env` files — in `supabase/` first, then the project's root; in each,
// `.env.<SUPABASE_ENV>.local`, `.env.local` (not when SUPABASE_ENV is `test`),
// `.env.<SUPABASE_ENV>`, `.env`, SUPABASE_ENV being `development` when unset — the first that
// sets a name wins and the process's own variables win over every file. From that environment
// come `env(NAME)` in the file and the `SUPABASE_<KEY>` overrides of its keys (the key's path
// joined by `_`, upper case: SUPABASE_AUTH_SITE_URL for [auth] site_url), which win over what
// the file says, as viper's AutomaticEnv does for the CLI. The process's environment itself is
// never changed: several stacks may run in one process.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";
import type { TSchema } from "@sinclair/typebox";

export type Environment = Readonly<Record<string, string | undefined>>;

/** The `.env` files the CLI reads for a project, most specific first. */
export function envFiles(supabaseDir: string, env: Environment = process.env): string[] {
  const stage = env.SUPABASE_ENV || "development";
  const names = [`.env.${stage}.local`, ...(stage === "test" ? [] : [".env.local"]), `.env.${stage}`, ".env"];
  // The CLI walks from supabase/ up to the directory it runs in, the project's root.
  const dirs = path.basename(supabaseDir) === "supabase" ? [supabaseDir, path.dirname(supabaseDir)] : [supabaseDir];
  return dirs.flatMap((dir) => names.map((name) => path.join(dir, name))).filter((file) => existsSync(file));
}

/** The process's variables over those of the project's `.env` files (first file first). */
export function projectEnvironment(supabaseDir: string, env: Environment = process.env): Environment {
  const merged: Record<string, string | undefined> = {};
  for (const file of envFiles(supabaseDir, env)) {
    let vars: Record<string, string>;
    try {
      vars = parseEnv(readFileSync(file, "utf8")) as Record<string, string>;
    } catch (err) {
      throw new Error(`${file}: cannot read this environment file: ${(err as Error).message}`);
    }
    for (const [name, value] of Object.entries(vars)) if (!(name in merged)) merged[name] = value;
  }
  return { ...merged, ...env };
}

/** A key's override variable: `auth.external.github.client_id` → SUPABASE_AUTH_EXTERNAL_GITHUB_CLIENT_ID. */
export const overrideName = (keyPath: string[]) => `SUPABASE_${keyPath.join("_").toUpperCase()}`;

function isTable(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * The file's tables with every `SUPABASE_<KEY>` the environment sets written over the key it
 * names (the value as a string, decoded as the file's would be). The keys are the schema's,
 * and under a table of named tables (`[auth.external.<name>]`, `[functions.<name>]`) those of
 * the names the file has, and `apple`, which the CLI's own defaults name, for
 * `[auth.external]`. Returns the paths overridden, with their variable.
 */
export function applyOverrides(
  schema: TSchema,
  file: Record<string, unknown>,
  env: Environment,
  keyPath: string[] = [],
  applied: { path: string[]; variable: string }[] = [],
): { path: string[]; variable: string }[] {
  const properties = (schema.properties ?? {}) as Record<string, TSchema>;
  const named = schema.patternProperties ? (Object.values(schema.patternProperties)[0] as TSchema) : undefined;
  const children: [string, TSchema][] = Object.entries(properties);
  if (named?.type === "object") {
    const names = new Set(Object.keys(file));
    if (keyPath.join(".") === "auth.external") names.add("apple");
    for (const name of names) children.push([name, named]);
  }
  for (const [key, child] of children) {
    const childPath = [...keyPath, key];
    if (child.type === "object") {
      const present = file[key];
      if (present !== undefined && !isTable(present)) continue;
      const inner = (present as Record<string, unknown> | undefined) ?? {};
      const before = applied.length;
      applyOverrides(child, inner, env, childPath, applied);
      if (applied.length > before && present === undefined) file[key] = inner;
      continue;
    }
    const variable = overrideName(childPath);
    const value = env[variable];
    if (value === undefined) continue;
    file[key] = value;
    applied.push({ path: childPath, variable });
  }
  return applied;
}
