// What every service receives: configuration, database, keys and a logger.
// Services are Fastify plugins mounted under their prefix by the gateway.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ApiKeys } from "./api-keys.js";
import type { StackConfig } from "./config/index.js";
import type { Database } from "./db/index.js";
import type { SessionLiveness } from "./db/sessions.js";
import type { Clock } from "./shared/clock.js";
import type { ServiceError } from "./shared/errors.js";
import type { JwtKeys } from "./shared/jwt.js";
import type { Logger } from "./shared/log.js";
import type { RequestFault } from "./shared/request-faults.js";

export interface StackContext {
  config: StackConfig;
  db: Database;
  jwt: JwtKeys;
  keys: ApiKeys;
  log: Logger;
  /** Absolute path of the data directory (storage bytes live under it). */
  dataDir: string;
  /** Services can ask each other for things through here (e.g. REST schema reload). */
  hooks: StackHooks;
  /** The time the protocols run on (the system's; a world's own in the QA kit, docs/qa.md). */
  clock: Clock;
  /** Whether a token's auth session still exists (db/sessions.ts). */
  sessions: SessionLiveness;
}

interface StackHooks {
  /** Reload every schema cache (after migrations, `NOTIFY pgrst, 'reload schema'`). */
  reloadSchema(): Promise<void>;
}

export interface Service {
  name: string;
  /** Mount point, e.g. `/rest/v1`. */
  prefix: string;
  /** Registers routes relative to the prefix in an encapsulated Fastify scope. */
  register(app: FastifyInstance): Promise<void> | void;
  /** Takes a WebSocket upgrade whose path starts with the prefix; false declines it. */
  upgrade?(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Background work (replication, watchers) that outlives a request. */
  start?(): Promise<void>;
  stop?(): Promise<void>;
  /**
   * Paths (relative to the prefix) reachable without an API key even when the gateway
   * requires one (`--require-api-key`), e.g. public objects and verify links.
   */
  isOpen?(path: string, method: string): boolean;
  /**
   * Paths only a secret key (`sb_secret_…`, service_role) may reach when the gateway acts
   * as hosted Supabase (`--require-api-key`), e.g. REST's OpenAPI document.
   */
  secretKeyOnly?(path: string, method: string): boolean;
  /**
   * CORS under this prefix. Unset: the gateway answers it as the CLI's Kong does, and
   * lists the headers PostgREST, GoTrue and storage-api expose;
   * "kong": Kong's cors plugin as the CLI configures it and nothing more: preflights
   * answered at the gateway, Access-Control-Allow-Origin set on every answer over the
   * service's own, its other CORS headers left as they are (edge functions);
   * "none": no CORS headers at all (the mail catcher, as Mailpit: no web page may read it).
   */
  cors?: "kong" | "none";
  /** A fault found before any handler ran (bad URL, body too large or too deep), in this service's shape. */
  frameworkError?(fault: RequestFault, req: FastifyRequest): ServiceError;
  /** Schema changed: drop caches. */
  reloadSchema?(): Promise<void>;
  /** The stack's clock moved forward (a world's `clock.advance`): re-plan what waits for a time. */
  clockMoved?(): void;
  /** Drops every open WebSocket (a world's `faults.dropRealtime()`); returns how many. */
  dropConnections?(): number;
}
