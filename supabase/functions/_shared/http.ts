// JSON responses for edge functions called from the console: every answer carries
// supabase-js's CORS headers, and errors are `{ error, code }` (errors.ts: the console words
// the code, never the English).
import { corsHeaders } from "npm:@supabase/supabase-js@2/cors";
import { HttpError } from "./errors.ts";

export { corsHeaders, HttpError };

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, "Content-Type": "application/json" },
  });
}

/** The answer to a preflight, or null when the request is not one. */
export function preflight(req: Request): Response | null {
  return req.method === "OPTIONS" ? new Response("ok", { headers: corsHeaders }) : null;
}

/** Runs a handler; its HttpErrors become JSON errors, anything else a logged 500. */
export async function handleErrors(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof HttpError) return json(err.status, { error: err.message, code: err.code, ...err.extras });
    console.error(err);
    return json(500, { error: "Something went wrong on the server. Please try again.", code: "OPSDESK_SERVER" });
  }
}

/** The request's JSON object body (400 when it is anything else). */
export async function readJsonObject(req: Request): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    throw new HttpError("OPSDESK_BAD_REQUEST", "The request body must be a JSON object.");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError("OPSDESK_BAD_REQUEST", "The request body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}
