// staff-admin (SPEC §2 /staff, §7): invite, set_role, deactivate, reactivate.
// The only holder of the service-role key. Callers must be signed-in active staff
// whose role may create (invite) or edit (the rest) staff.

import type { SupabaseClient } from "npm:@supabase/supabase-js@2";
import { callerClient, serviceClient } from "../_shared/clients.ts";
import { HttpError, handleErrors, json, preflight, readJsonObject } from "../_shared/http.ts";
import { run } from "./actions.ts";
import { type Command, parseCommand } from "./commands.ts";
import { FORBIDDEN } from "./dbErrors.ts";

const NEEDED: Record<Command["action"], string> = {
  invite: "create",
  set_role: "edit",
  deactivate: "edit",
  reactivate: "edit",
};

/** The caller's session must still exist (a revoked one is refused with 401). */
async function authenticate(caller: SupabaseClient): Promise<void> {
  const { data, error } = await caller.auth.getUser();
  if (error || !data.user) throw new HttpError(401, "Your session has ended. Please sign in again.");
}

/** The caller's permissions (active staff only) must include staff/<what the action needs>. */
async function authorize(caller: SupabaseClient, cmd: Command): Promise<void> {
  const { data, error } = await caller.rpc("my_permissions");
  if (error) throw new Error(`my_permissions failed: ${error.message}`);
  const rows = (data ?? []) as { resource: string; action: string }[];
  if (!rows.some((r) => r.resource === "staff" && r.action === NEEDED[cmd.action])) {
    throw new HttpError(403, FORBIDDEN);
  }
}

/** Invite links land on the console's /update-password: the console's origin unless the body names a URL. */
function withInviteRedirect(req: Request, cmd: Command): Command {
  const origin = req.headers.get("Origin");
  if (cmd.action !== "invite" || cmd.redirectTo || !origin || !URL.canParse(origin)) return cmd;
  return { ...cmd, redirectTo: new URL("/update-password", origin).href };
}

Deno.serve((req: Request) =>
  handleErrors(async () => {
    const early = preflight(req);
    if (early) return early;
    if (req.method !== "POST") throw new HttpError(405, "Use POST with a JSON body.");
    const caller = callerClient(req);
    await authenticate(caller);
    const cmd = withInviteRedirect(req, parseCommand(await readJsonObject(req)));
    await authorize(caller, cmd);
    const staff = await run({ caller, service: serviceClient() }, cmd);
    return json(200, { staff });
  }),
);
