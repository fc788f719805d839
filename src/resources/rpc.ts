// The console's own Postgres functions by name, typed from the generated Database types
// (database.types.ts, `npm run types:gen`; docs/architecture.md "Typed calls"): a name the
// migrations do not define, or an argument they renamed, fails `npm run typecheck` wherever
// the console names it — supabase-js calls, Refine's `useCustom` ("rpc/<name>") and the
// first reads a screen declares.
import type { Database, Json } from "./database.types";

type Functions<S extends keyof Database> = Database[S]["Functions"];

/** A function of the demo's `public` schema. */
export type PublicRpc = keyof Functions<"public">;
/** A function of Opsdesk's `opsdesk` schema (install/sql). */
export type OpsdeskRpc = keyof Functions<"opsdesk">;

/** A list's search function (docs/search.md): `search_<resource>`. */
export type SearchRpc = Exclude<Extract<PublicRpc, `search_${string}`>, "search_all" | "search_count">;

/** The arguments of `N` (an empty object for a function without any). */
export type RpcArgs<N extends PublicRpc> = [Functions<"public">[N]["Args"]] extends [never]
  ? Record<string, never>
  : Functions<"public">[N]["Args"];

/** What `N` answers, as supabase-js reads it. */
export type RpcResult<N extends PublicRpc> = Functions<"public">[N]["Returns"];

/** One call of a public function: its name and its arguments, checked together. */
export type RpcCall = { [N in PublicRpc]: { rpc: N; args: RpcArgs<N> } }[PublicRpc];

/**
 * Refine's `useCustom` parameters for a call of `rpc` (the data provider's "rpc/<name>" path):
 * a read goes as GET with the arguments in the query, anything else as POST with them as body.
 */
export function rpcCustom<N extends PublicRpc>(rpc: N, args: RpcArgs<N>, method: "get" | "post") {
  const url = `rpc/${rpc}` as const;
  return method === "get"
    ? ({ url, method, config: { query: args } } as const)
    : ({ url, method, config: { payload: args } } as const);
}

/**
 * A value sent as a `json`/`jsonb` argument: anything JSON.stringify writes. supabase-js
 * serialises the body itself; the generated types only say `Json`.
 */
export const asJson = (value: object): Json => value as Json;

/**
 * A `json`/`jsonb` answer read as the shape its function documents (the generated types only
 * say `Json`): the function's contract, not the types, vouches for the shape.
 */
export const fromJson = <T>(value: Json | null): T => value as unknown as T;
