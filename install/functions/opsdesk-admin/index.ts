// opsdesk-admin: what an Opsdesk admin does that needs the Auth service (docs/any-project.md,
// "Operators"), written into a project by `npm run opsdesk -- init` and deployed with
// `supabase functions deploy opsdesk-admin`. One action today:
//   POST {action: "invite", email, role?, full_name?, redirect_to?}
//     → 200 {operator, invited}: a new account is made and mailed an invitation (invited), an
//       existing account becomes an operator at once (not invited).
// Errors: {error: "<message>", code: "OPSDESK_…"} with the code's status (errors.ts). The
// caller must be a signed-in Opsdesk admin; the service-role key never leaves the function.
import { createClient, type SupabaseClient } from "npm:@supabase/supabase-js@2";
import { corsHeaders } from "npm:@supabase/supabase-js@2/cors";
import { OpsdeskError } from "./errors.ts";
import { type InviteCommand, invite } from "./invite.ts";

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const FIELDS = ["action", "email", "role", "full_name", "redirect_to"];
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

/** The invite asked for, checked field by field before anything is changed. */
function parseInvite(body: Record<string, unknown>, origin: string | null): InviteCommand {
  if (body.action !== "invite") throw bad('action must be "invite".');
  const unknown = Object.keys(body).find((key) => !FIELDS.includes(key));
  if (unknown) throw bad(`Unknown field "${unknown}".`);
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  if (charLength(email) > 254 || !EMAIL.test(email)) throw bad("Enter a valid e-mail address.");
  const role = body.role ?? "viewer";
  if (typeof role !== "string" || role === "") throw bad("role must be the name of a role.");
  let fullName: string | undefined;
  if (body.full_name !== undefined && body.full_name !== null) {
    fullName = typeof body.full_name === "string" ? body.full_name.trim() : "";
    if (charLength(fullName) < 1 || charLength(fullName) > 120) throw bad("Full name must be 1–120 characters.");
  }
  let redirectTo: string | undefined;
  if (body.redirect_to !== undefined) {
    const url = URL.canParse(String(body.redirect_to)) ? new URL(String(body.redirect_to)) : undefined;
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:"))
      throw bad("redirect_to must be an http(s) URL.");
    redirectTo = url.href;
  } else if (origin && URL.canParse(origin)) {
    redirectTo = new URL("/update-password", origin).href;
  }
  return { email, role, fullName, redirectTo };
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
    const cmd = parseInvite(await readBody(req), req.headers.get("Origin"));
    const result = await invite({ caller, service: serviceClient() }, cmd, { existingAccount: "add" });
    return json(200, result);
  }),
);
