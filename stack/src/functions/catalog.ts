// Which edge functions exist: every `supabase/functions/<name>/index.ts` (folders
// starting with `_` or `.` hold shared code) plus `[functions.<name>]` entries with
// their own entrypoint, as the Supabase CLI serves them.
import { existsSync } from "node:fs";
import path from "node:path";
import type { StackConfig } from "../config/index.js";

export interface FunctionSpec {
  name: string;
  /** Absolute path of the module to run. */
  entrypoint: string;
  /** deno.json or import map to pass to Deno, if the function has one. */
  config?: string;
  verifyJwt: boolean;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export function functionsDir(config: StackConfig): string {
  return path.join(config.supabaseDir, "functions");
}

export function findFunction(config: StackConfig, name: string): FunctionSpec | undefined {
  if (!NAME.test(name)) return undefined;
  const settings = config.functions[name];
  if (settings && !settings.enabled) return undefined;
  const dir = path.join(functionsDir(config), name);
  const entrypoint = settings?.entrypoint
    ? path.resolve(config.supabaseDir, settings.entrypoint)
    : path.join(dir, "index.ts");
  if (!existsSync(entrypoint)) return undefined;
  const configured = settings?.import_map ? path.resolve(config.supabaseDir, settings.import_map) : undefined;
  // As the CLI's serve and deploy: the function's deno.json, deno.jsonc, its import_map.json,
  // then supabase/functions/import_map.json, the import map of every function that has none
  // (deprecated in the CLI but still read; chatgpt-your-files' functions rely on it).
  const local = [
    path.join(dir, "deno.json"),
    path.join(dir, "deno.jsonc"),
    path.join(dir, "import_map.json"),
    path.join(functionsDir(config), "import_map.json"),
  ].find((f) => existsSync(f));
  return { name, entrypoint, config: configured ?? local, verifyJwt: settings?.verify_jwt ?? true };
}
