// Where the backend is: the project URL and its public key, from the build's environment, or —
// in a console built without VITE_SUPABASE_URL (hosted use) — the project the operator chose on
// the sign-in page (projects.ts). A secret key never gets here: the build's key is checked as the
// chosen ones are, and the console refuses to start with one.
import { currentProject, keyProblem, PROJECT_PROBLEMS } from "./projects";

/** The Supabase CLI's well-known local anon key (public by design). */
const LOCAL_ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";

const LOCAL_URL = "http://127.0.0.1:54321";

/** Built for one project (VITE_SUPABASE_URL), or choosing among the operator's projects. */
export const PROJECT_CHOSEN_AT_SIGN_IN: boolean = !import.meta.env.VITE_SUPABASE_URL;

const chosen = PROJECT_CHOSEN_AT_SIGN_IN ? currentProject() : undefined;

export const SUPABASE_URL: string = import.meta.env.VITE_SUPABASE_URL || chosen?.url || LOCAL_URL;
export const SUPABASE_ANON_KEY: string = import.meta.env.VITE_SUPABASE_ANON_KEY || chosen?.key || LOCAL_ANON_KEY;

const builtKeyProblem = import.meta.env.VITE_SUPABASE_ANON_KEY
  ? keyProblem(import.meta.env.VITE_SUPABASE_ANON_KEY)
  : undefined;
if (builtKeyProblem === "secretKey" || builtKeyProblem === "serviceRoleKey") {
  throw new Error(`VITE_SUPABASE_ANON_KEY: ${PROJECT_PROBLEMS[builtKeyProblem]}`);
}

/** Whether the console has a project to talk to (a hosted console before the first choice has none). */
export const HAS_PROJECT: boolean = !PROJECT_CHOSEN_AT_SIGN_IN || Boolean(chosen);

/**
 * Where the auth client keeps the session: supabase-js's own key for a built-in project (sessions
 * stored by earlier versions stay signed in); per host and port for chosen projects, so two local
 * projects on one machine keep their sessions apart.
 */
export const SESSION_KEY: string = chosen
  ? `sb-${new URL(SUPABASE_URL).host.replace(/[^a-z0-9]+/gi, "-")}-auth-token`
  : `sb-${new URL(SUPABASE_URL).hostname.split(".")[0]}-auth-token`;
