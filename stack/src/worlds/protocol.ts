// What the QA kit (src/playwright/) and the world host (host.ts, control.ts) say to each
// other over the host's control API: a world's address and keys, faults, the clock,
// sessions. Types only, so the kit imports nothing of the server. See docs/qa.md.

/** The host's control API, as `host.json` names it. */
export interface HostAddress {
  pid: number;
  /** http://127.0.0.1:<port> of the control API. */
  url: string;
  /** Bearer token every control request carries (the file is readable by its owner only). */
  token: string;
  /** Hash of the project files the running template was made from. */
  projectHash: string;
  /** The stack's source version (a host from another checkout is not reused). */
  stackVersion: string;
}

export interface WorldInfo {
  id: string;
  /** The world's API (its own gateway): what a supabase-js client of this world is given. */
  url: string;
  /** Superuser URL of the world's database. */
  dbUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Whether the database part of the clock can move (the world library is loaded). */
  databaseClock: boolean;
  /** Milliseconds the host took to make the world (clone, storage, services, gateway). */
  createdInMs: number;
}

/** A request pattern for a gateway fault. */
export interface FaultMatch {
  /** rest, auth, storage, functions, realtime, mail, vectors (the gateway's prefixes). */
  service?: string;
  /** The path from the world's root without the query: exact, or a glob (`*` one segment, `**` any). */
  path?: string;
  /** A regular expression the path must match ({source, flags} of a RegExp). */
  pathPattern?: { source: string; flags: string };
  method?: string;
}

export interface FaultRule extends FaultMatch {
  /** Wait this long before going on (or before the failure below). */
  delayMs?: number;
  /** Answer with this status instead of the service. */
  status?: number;
  /** The answer's JSON body (default `{ "message": "Fault injected by the test" }`). */
  body?: unknown;
  /** Cut the connection without an answer. */
  drop?: boolean;
  /** Match at most this many requests (default: every one until the test ends). */
  times?: number;
}

export interface ErrorBody {
  error: string;
  message: string;
}
