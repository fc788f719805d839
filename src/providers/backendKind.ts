// Whether the project the console talks to has Opsdesk installed (the `opsdesk` schema with
// describe(), my_access() …; docs/any-project.md) or not: a project without it gets the
// console's "Opsdesk is not installed" screen and nothing else (no table is read, no channel
// joined). Remembered per project URL, so a start knows it at once; whichever answer comes
// later corrects it.
import { opsdeskSchema } from "./opsdeskSchema";
import type { ConsoleClient } from "./supabaseClient";
import { SUPABASE_URL } from "./supabaseConfig";

export type BackendKind = "opsdesk" | "missing";

const key = () => `opsdesk.backend:${SUPABASE_URL}`;

export function rememberedKind(): BackendKind | undefined {
  const value = globalThis.localStorage?.getItem(key());
  return value === "opsdesk" || value === "missing" ? value : undefined;
}

export function rememberKind(kind: BackendKind): void {
  globalThis.localStorage?.setItem(key(), kind);
}

/**
 * PostgREST's answers when the `opsdesk` schema or its function is not there: the schema is
 * not exposed (PGRST106), the function is unknown (PGRST202), or Postgres knows neither.
 */
const NOT_INSTALLED = new Set(["PGRST106", "PGRST202", "42883", "3F000"]);

export const notInstalled = (error: { code?: string } | null | undefined): boolean =>
  Boolean(error?.code && NOT_INSTALLED.has(error.code));

/**
 * Asks the project which kind it is with the cheapest call Opsdesk has (`schema_version()`) and
 * remembers the answer; a failure that says nothing about the kind (the network) leaves it unknown.
 */
export async function probeKind(client: ConsoleClient): Promise<BackendKind | undefined> {
  const { error } = await Promise.resolve()
    .then(() => opsdeskSchema(client).rpc("schema_version"))
    .catch((thrown: unknown) => ({ error: { code: undefined, message: String(thrown) } }));
  const kind: BackendKind | undefined = !error ? "opsdesk" : notInstalled(error) ? "missing" : undefined;
  if (kind) rememberKind(kind);
  return kind;
}
