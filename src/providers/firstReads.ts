// The reads the console's first screen waits for, started as soon as a session exists (at
// sign-in, while the operator gate runs, or as a signed-in page loads) instead of one after
// another as the console mounts: the operator's identity and preferences, and the RPCs the
// first screen declared (consoleLoader.ts). Found with a request timeline of sign-in → KPIs
// (bench/README.md): token, permissions, then ~1 s of console rendering before the identity
// and preferences went out, and only after those the dashboard's RPCs.
//
// Each answer is handed over once, to the user it was read for, within FRESH_MS; anything
// else reads afresh, so a stale or foreign answer never reaches a screen.

import type { ResourceNames } from "../resources/hasResources";
import type { RpcCall } from "../resources/rpc";

/** A read-only RPC a screen makes first (GET /rest/v1/rpc/<rpc>?<args>). */
export type RpcRead = RpcCall;

export const FRESH_MS = 15_000;

interface Early {
  userId: string;
  at: number;
  answer: Promise<unknown>;
}

const started = new Map<string, Early>();
/** The first screen's reads and whether that screen is there once the live schema is known. */
export interface ScreenReads {
  reads: RpcRead[];
  /** Whether the screen is this project's, asked of the live resources once they are known. */
  applies: (live: ResourceNames) => boolean;
}

const NO_READS: ScreenReads = { reads: [], applies: () => false };
let screenReads: ScreenReads = NO_READS;

export const IDENTITY = "identity";
export const PREFERENCES = "preferences";
export const rpcReadKey = ({ rpc, args }: { rpc: string; args: object }) => `rpc/${rpc}?${JSON.stringify(args)}`;

/**
 * A first read that was not made after all (the project turned out not to have the screen that
 * makes it): the taker reads for itself and gets the backend's own answer.
 */
export const NOT_READ: unique symbol = Symbol("not read");
export type NotRead = typeof NOT_READ;

/**
 * The RPCs of the screen about to open; started with the next warm-up (operatorGate.ts) once the
 * live schema is known, if `applies` then says the screen is this project's (a page override's
 * condition).
 */
export function expectScreenReads(reads: RpcRead[], applies: ScreenReads["applies"] = () => true): void {
  screenReads = { reads, applies };
}

/** Starts `read` for `userId` under `key`, to be taken once by the first screen. */
export function startFirstRead(userId: string, key: string, read: () => PromiseLike<unknown>): void {
  const answer = Promise.resolve().then(read);
  // Nobody may take it: a failure is the taker's to report, never an unhandled rejection.
  answer.catch(() => undefined);
  started.set(key, { userId, at: Date.now(), answer });
}

/** The RPCs expected since the last call (each expectation is started once). */
export function takeScreenReads(): ScreenReads {
  const reads = screenReads;
  screenReads = NO_READS;
  return reads;
}

/** The answer started for `key`, if it was read for `userId` within FRESH_MS; handed over once. */
export function takeFirstRead<T>(userId: string, key: string): Promise<T> | undefined {
  const early = started.get(key);
  if (!early) return undefined;
  started.delete(key);
  if (early.userId !== userId || Date.now() - early.at > FRESH_MS) return undefined;
  return early.answer as Promise<T>;
}

/** True while an answer waits for `key` (lets callers skip the session lookup otherwise). */
export const hasFirstRead = (key: string): boolean => started.has(key);

/** Drops every answer not taken (a refused sign-in; another user never gets one anyway). */
export function forgetFirstReads(): void {
  started.clear();
  screenReads = NO_READS;
}
