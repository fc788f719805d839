// The Supabase projects a console built without VITE_SUPABASE_URL works with (hosted use,
// docs/any-project.md "The console"): the operator gives a project's URL and publishable key on
// the sign-in page; the console remembers several and switches between them (a page load, so
// every client starts on the new project). Only public keys are taken: a secret or service-role
// key would hand every visitor of this browser the project's data past RLS, so it is refused.

export interface Project {
  url: string;
  /** The publishable key (`sb_publishable_…`) or the legacy anon JWT. */
  key: string;
}

const PROJECTS = "opsdesk.projects";
const CURRENT = "opsdesk.project";

/** Why a key or URL cannot be used, in the operator's words; undefined when it can. */
export type ProjectProblem = "secretKey" | "serviceRoleKey" | "notAKey" | "badUrl";

export const PROJECT_PROBLEMS: Record<ProjectProblem, string> = {
  secretKey:
    "This is a secret key. It must never be used in a browser: give the project's publishable key (sb_publishable_…).",
  serviceRoleKey:
    "This is the service-role key. It must never be used in a browser: give the project's publishable (anon) key.",
  notAKey: "This is not a Supabase API key. Copy the publishable key from the project's API settings.",
  badUrl: "Give the project's URL, such as https://abcdefghijklmnop.supabase.co.",
};

/** The role a legacy JWT key carries, if the key is one. */
function jwtRole(key: string): string | undefined {
  const parts = key.split(".");
  if (parts.length !== 3) return undefined;
  try {
    const json = atob(parts[1].replace(/-/g, "+").replace(/_/g, "/"));
    const role = (JSON.parse(json) as { role?: unknown }).role;
    return typeof role === "string" ? role : undefined;
  } catch {
    return undefined;
  }
}

export function keyProblem(raw: string): ProjectProblem | undefined {
  const key = raw.trim();
  if (key.startsWith("sb_secret_")) return "secretKey";
  if (key.startsWith("sb_publishable_")) return /^sb_publishable_[A-Za-z0-9_-]+$/.test(key) ? undefined : "notAKey";
  const role = jwtRole(key);
  if (role === "service_role" || role === "supabase_admin") return "serviceRoleKey";
  return role === "anon" ? undefined : "notAKey";
}

/** The project's base URL (no trailing slash or path), or undefined when it is none. */
export function projectUrl(raw: string): string | undefined {
  try {
    const url = new URL(raw.trim());
    const local = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
    if (url.protocol !== "https:" && !(local && url.protocol === "http:")) return undefined;
    if (url.username || url.password || url.search || url.hash) return undefined;
    return `${url.protocol}//${url.host}`;
  } catch {
    return undefined;
  }
}

function read<T>(key: string, fallback: T): T {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** The remembered projects, without any key that is not a public one (never stored, but checked again). */
export function rememberedProjects(): Project[] {
  const list = read<Project[]>(PROJECTS, []);
  return Array.isArray(list)
    ? list.filter((p) => typeof p?.url === "string" && typeof p?.key === "string" && !keyProblem(p.key))
    : [];
}

export function currentProject(): Project | undefined {
  const url = read<string | null>(CURRENT, null);
  return rememberedProjects().find((p) => p.url === url);
}

/** Remembers a project (checked) and makes it the current one; the caller reloads the page. */
export function chooseProject(rawUrl: string, rawKey: string): ProjectProblem | undefined {
  const url = projectUrl(rawUrl);
  if (!url) return "badUrl";
  const key = rawKey.trim();
  const problem = keyProblem(key);
  if (problem) return problem;
  const others = rememberedProjects().filter((p) => p.url !== url);
  globalThis.localStorage?.setItem(PROJECTS, JSON.stringify([{ url, key }, ...others]));
  globalThis.localStorage?.setItem(CURRENT, JSON.stringify(url));
  return undefined;
}

export function switchProject(url: string): void {
  if (rememberedProjects().some((p) => p.url === url)) globalThis.localStorage?.setItem(CURRENT, JSON.stringify(url));
}

export function forgetProject(url: string): void {
  globalThis.localStorage?.setItem(PROJECTS, JSON.stringify(rememberedProjects().filter((p) => p.url !== url)));
  if (read<string | null>(CURRENT, null) === url) globalThis.localStorage?.removeItem(CURRENT);
}

/** Whether the project answers with this key: Auth's public settings need a key it accepts. */
export async function checkProject(project: Project): Promise<"ok" | "refused" | "unreachable"> {
  try {
    const response = await fetch(`${project.url}/auth/v1/settings`, { headers: { apikey: project.key } });
    if (response.ok) return "ok";
    return response.status === 401 || response.status === 403 ? "refused" : "unreachable";
  } catch {
    return "unreachable";
  }
}
