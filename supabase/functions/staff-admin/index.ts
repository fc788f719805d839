// staff-admin (docs/product.md §2 /staff, §7): invite, set_role, deactivate, reactivate, and
// for an invitation not yet followed resend_invite and revoke_invite.
// The only holder of the service-role key. Callers must be signed-in active staff
// whose role may create (invite) or edit (the rest) staff.

import { authorize, serveStaffCalls } from "../_shared/access.ts";
import { serviceClient } from "../_shared/clients.ts";
import { json } from "../_shared/http.ts";
import { run } from "./actions.ts";
import { type Command, parseCommand } from "./commands.ts";

const NEEDED: Record<Command["action"], string> = {
  invite: "create",
  set_role: "edit",
  deactivate: "edit",
  reactivate: "edit",
  resend_invite: "create",
  revoke_invite: "delete",
};

/** Invite links land on the console's /update-password: the console's origin unless the body names a URL. */
function withInviteRedirect(req: Request, cmd: Command): Command {
  const origin = req.headers.get("Origin");
  if ((cmd.action !== "invite" && cmd.action !== "resend_invite") || cmd.redirectTo || !origin || !URL.canParse(origin))
    return cmd;
  return { ...cmd, redirectTo: new URL("/update-password", origin).href };
}

serveStaffCalls(async ({ req, caller, body }) => {
  const cmd = withInviteRedirect(req, parseCommand(body));
  await authorize(caller, "staff", [NEEDED[cmd.action]]);
  const staff = await run({ caller, service: serviceClient() }, cmd);
  return json(200, { staff });
});
