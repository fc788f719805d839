// Who may call a console-facing function: a signed-in session that still exists,
// whose operator role holds the permissions the call needs — Opsdesk's matrix, the one RLS
// reads through opsdesk.can (and the store's app.can), asked through opsdesk.my_access().
import type { SupabaseClient } from "npm:@supabase/supabase-js@2";
import { callerClient } from "./clients.ts";
import { FORBIDDEN, HttpError } from "./errors.ts";
import { handleErrors, preflight, readJsonObject } from "./http.ts";

export { FORBIDDEN };

/** The caller's session must still exist (a revoked one is refused with 401). */
async function authenticate(caller: SupabaseClient): Promise<void> {
  const { data, error } = await caller.auth.getUser();
  if (error || !data.user)
    throw new HttpError("OPSDESK_NOT_SIGNED_IN", "Your session has ended. Please sign in again.");
}

/** 403 unless the caller may do every one of `actions` on the store's table `public.<resource>`. */
export async function authorize(caller: SupabaseClient, resource: string, actions: string[]): Promise<void> {
  const { data, error } = await caller.schema("opsdesk").rpc("my_access");
  if (error) throw new Error(`my_access failed: ${error.message}`);
  const permissions = ((data ?? {}) as { permissions?: Record<string, string[]> }).permissions ?? {};
  const held = new Set(permissions[`public.${resource}`] ?? []);
  if (!actions.every((a) => held.has(a))) throw new HttpError("OPSDESK_FORBIDDEN", FORBIDDEN);
}

export interface StaffRequest {
  req: Request;
  /** supabase-js acting as the caller (RLS and the audit log see them). */
  caller: SupabaseClient;
  body: Record<string, unknown>;
}

/**
 * Serves a console-facing function: CORS preflight, POST with a JSON object body, a
 * session that still exists; `handle` checks the permissions its action needs.
 */
export function serveStaffCalls(handle: (call: StaffRequest) => Promise<Response>): void {
  Deno.serve((req: Request) =>
    handleErrors(async () => {
      const early = preflight(req);
      if (early) return early;
      if (req.method !== "POST") throw new HttpError("OPSDESK_METHOD", "Use POST with a JSON body.");
      const caller = callerClient(req);
      await authenticate(caller);
      return handle({ req, caller, body: await readJsonObject(req) });
    }),
  );
}
