// opsdesk-admin: what an Opsdesk admin does that needs the Auth service (docs/any-project.md,
// "Operators"), written into a project by `npm run opsdesk -- init` and deployed with
// `supabase functions deploy opsdesk-admin`. Its actions:
//   POST {action: "invite", email, role?, full_name?, redirect_to?}
//     → 200 {operator, invited}: a new account is made and mailed an invitation (invited), an
//       existing account becomes an operator at once (not invited).
//   POST {action: "resend_invite", user_id, redirect_to?} → 200 {operator}: an invitation not yet
//       followed is mailed again (a new link; the old one stops working).
//   POST {action: "revoke_invite", user_id} → 200 {operator, account_deleted}: an invitation not
//       yet followed is taken back (the operator row, and the account if this function made it).
// Errors: {error: "<message>", code: "OPSDESK_…"} with the code's status (errors.ts). The
// caller must be a signed-in Opsdesk admin; the service-role key never leaves the function.
import { createClient, type SupabaseClient } from "npm:@supabase/supabase-js@2";
import { corsHeaders } from "npm:@supabase/supabase-js@2/cors";
import { OpsdeskError } from "./errors.ts";
import { type InviteCommand, invite, resendInvitation, revokeInvitation } from "./invite.ts";

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Each action's fields. */
const FIELDS: Record<string, string[]> = {
  invite: ["action", "email", "role", "full_name", "redirect_to"],
  resend_invite: ["action", "user_id", "redirect_to"],
  revoke_invite: ["action", "user_id"],
};
const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

function env(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, "Content-Type": "application/json" },
  });
}

const bad = (message: string) => new OpsdeskError("OPSDESK_BAD_REQUEST", message);

/** Characters as Postgres's char_length counts them (code points). */
const charLength = (text: string) => [...text].length;

type Command =
  | ({ action: "invite" } & InviteCommand)
  | { action: "resend_invite"; userId: string; redirectTo?: string }
  | { action: "revoke_invite"; userId: string };

/** Where an invitation's link lands: the given http(s) URL, else the console's set-password page. */
function redirectOf(body: Record<string, unknown>, origin: string | null): string | undefined {
  if (body.redirect_to !== undefined) {
    const url = URL.canParse(String(body.redirect_to)) ? new URL(String(body.redirect_to)) : undefined;
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:"))
      throw bad("redirect_to must be an http(s) URL.");
    return url.href;
  }
  return origin && URL.canParse(origin) ? new URL("/update-password", origin).href : undefined;
}

/** The command asked for, checked field by field before anything is changed. */
function parseCommand(body: Record<string, unknown>, origin: string | null): Command {
  const action = typeof body.action === "string" && Object.hasOwn(FIELDS, body.action) ? body.action : undefined;
  if (!action) throw bad("action must be one of invite, resend_invite, revoke_invite.");
  const unknown = Object.keys(body).find((key) => !FIELDS[action].includes(key));
  if (unknown) throw bad(`Unknown field "${unknown}".`);
  if (action === "invite") return { action, ...parseInvite(body, origin) };
  const userId = typeof body.user_id === "string" && UUID.test(body.user_id) ? body.user_id.toLowerCase() : "";
  if (!userId) throw bad("user_id must be an account's id (a uuid).");
  if (action === "revoke_invite") return { action, userId };
  return { action: "resend_invite", userId, redirectTo: redirectOf(body, origin) };
}

/** The invite asked for, checked field by field before anything is changed. */
function parseInvite(body: Record<string, unknown>, origin: string | null): InviteCommand {
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  if (charLength(email) > 254 || !EMAIL.test(email)) throw bad("Enter a valid e-mail address.");
  const role = body.role ?? "viewer";
  if (typeof role !== "string" || role === "") throw bad("role must be the name of a role.");
  let fullName: string | undefined;
  if (body.full_name !== undefined && body.full_name !== null) {
    fullName = typeof body.full_name === "string" ? body.full_name.trim() : "";
    if (charLength(fullName) < 1 || charLength(fullName) > 120) throw bad("Full name must be 1–120 characters.");
  }
  return { email, role, fullName, redirectTo: redirectOf(body, origin) };
}

/** The caller as supabase-js acting with their token; 401 without a live session, 403 unless an admin. */
async function adminCaller(req: Request): Promise<SupabaseClient> {
  const caller = createClient(env("SUPABASE_URL"), env("SUPABASE_ANON_KEY"), {
    global: { headers: { Authorization: req.headers.get("Authorization") ?? "" } },
    auth: noSession,
  });
  const { data: user, error: userError } = await caller.auth.getUser();
  if (userError || !user.user)
    throw new OpsdeskError("OPSDESK_NOT_SIGNED_IN", "Your session has ended. Please sign in again.");
  const { data, error } = await caller.schema("opsdesk").rpc("my_access");
  if (error) throw OpsdeskError.fromDatabase(error);
  if (!(data as { is_admin?: boolean }).is_admin) {
    throw new OpsdeskError("OPSDESK_NOT_ADMIN", "Only an Opsdesk admin may do that.");
  }
  return caller;
}

function serviceClient(): SupabaseClient {
  return createClient(env("SUPABASE_URL"), env("SUPABASE_SERVICE_ROLE_KEY"), { auth: noSession });
}

/** The request's JSON object body. */
async function readBody(req: Request): Promise<Record<string, unknown>> {
  const body: unknown = await req.json().catch(() => undefined);
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw bad("The request body must be a JSON object.");
  return body as Record<string, unknown>;
}

/** Runs a handler: its OpsdeskErrors become their JSON answer, anything else a logged 500. */
async function answer(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof OpsdeskError) return json(err.status, { error: err.message, code: err.code });
    console.error(err);
    return json(500, { error: "Something went wrong on the server. Please try again.", code: "OPSDESK_SERVER" });
  }
}

Deno.serve((req: Request) =>
  answer(async () => {
    if (req.method === "OPTIONS") return new Response("ok", { headers: corsHeaders });
    if (req.method !== "POST") throw new OpsdeskError("OPSDESK_METHOD", "Use POST with a JSON body.");
    const caller = await adminCaller(req);
    const cmd = parseCommand(await readBody(req), req.headers.get("Origin"));
    const clients = { caller, service: serviceClient() };
    if (cmd.action === "resend_invite") return json(200, { operator: await resendInvitation(clients, cmd) });
    if (cmd.action === "revoke_invite") return json(200, await revokeInvitation(clients, cmd.userId));
    return json(200, await invite(clients, cmd, { existingAccount: "add" }));
  }),
);
