// Whether the server answers, known in one place (docs/everyday.md, "When the server does not
// answer"). Every request of the page's clients goes through `wrap(fetch)`: a request that gets
// no answer, or a gateway's 502/503/504 (the service behind it is down: "upstream connect
// error…"), fails as a ServerUnreachableError and marks the server unreachable; any other
// answer marks it reachable again. While unreachable, the server is tried again on a growing
// delay (and at once when the browser comes back online or the operator asks), so the console
// notices when it is back even when no screen is asking. React Query follows this state
// (queryClient.ts): on the way back, failed reads run again and waiting saves are sent.

/** The error name every failed request carries (postgrest-js shows it as "<name>: <message>"). */
export const UNREACHABLE = "ServerUnreachable";

/** A request that got no answer from the server (or only the gateway's "the service is down"). */
export class ServerUnreachableError extends TypeError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = UNREACHABLE;
  }
}

/** Gateway answers that mean the service behind it does not answer. */
const GATEWAY_DOWN = new Set([502, 503, 504]);

/** How long to wait before each automatic try while the server does not answer. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000];

/** An outage that comes back this soon after the last one continues its back-off. */
const FLAPPING_MS = 30_000;

export interface ConnectionState {
  reachable: boolean;
  /** While unreachable: when the next automatic try is due (ms since the epoch); none while trying. */
  nextTryAt?: number;
}

export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const isAbort = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { name?: string }).name === "AbortError";

export interface Connection {
  /** `fetch` that reports what it sees here and fails unanswered requests as ServerUnreachableError. */
  wrap(fetchImpl: typeof fetch): typeof fetch;
  getState(): ConnectionState;
  subscribe(listener: () => void): () => void;
  /** Tries the server now (the operator's Retry, the browser coming back online). */
  tryNow(): Promise<void>;
  /** The browser says it is offline: no request needs to fail first. */
  wentOffline(): void;
  /** Settles as soon as the server is reachable (at once when it is). */
  answers(): Promise<void>;
}

/**
 * `probe` asks the server something small through a wrapped fetch (so its answer marks the
 * server reachable by itself); it rejects when the server does not answer.
 */
export function createConnection(probe: () => Promise<unknown>, clock: Clock = browserClock): Connection {
  let state: ConnectionState = { reachable: true };
  const listeners = new Set<() => void>();
  let attempt = 0;
  let timer: unknown;
  let lastBack = Number.NEGATIVE_INFINITY;
  let trying: Promise<void> | undefined;

  const set = (next: ConnectionState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const stopTimer = () => {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
  };
  const schedule = () => {
    stopTimer();
    const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)];
    attempt += 1;
    timer = clock.setTimeout(() => void tryNow(), delay);
    set({ reachable: false, nextTryAt: clock.now() + delay });
  };
  const answered = () => {
    if (state.reachable) return;
    stopTimer();
    lastBack = clock.now();
    set({ reachable: true });
  };
  const failed = () => {
    if (!state.reachable) return;
    if (clock.now() - lastBack > FLAPPING_MS) attempt = 0;
    schedule();
  };

  function tryNow(): Promise<void> {
    if (state.reachable) return Promise.resolve();
    trying ??= (async () => {
      stopTimer();
      set({ reachable: false });
      const ok = await probe().then(
        () => true,
        () => false,
      );
      trying = undefined;
      if (ok) answered();
      else if (!state.reachable) schedule();
    })();
    return trying;
  }

  return {
    wrap: (fetchImpl) => async (input, init) => {
      let response: Response;
      try {
        response = await fetchImpl(input, init);
      } catch (error) {
        // The page cancelled it (a newer read replaced it): says nothing about the server.
        if (isAbort(error)) throw error;
        failed();
        throw new ServerUnreachableError(error instanceof Error ? error.message : String(error), { cause: error });
      }
      if (GATEWAY_DOWN.has(response.status)) {
        failed();
        throw new ServerUnreachableError(`The server answered ${response.status} ${response.statusText}`.trim());
      }
      answered();
      return response;
    },
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tryNow,
    wentOffline: failed,
    answers: () =>
      new Promise<void>((resolve) => {
        if (state.reachable) return resolve();
        const listener = () => {
          if (!state.reachable) return;
          listeners.delete(listener);
          resolve();
        };
        listeners.add(listener);
      }),
  };
}

/** Whether an error (a PostgREST answer, an auth or storage error, a thrown one) is "no answer". */
export function isUnreachable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, message, code, cause, originalError } = error as Record<string, unknown>;
  if (name === UNREACHABLE) return true;
  // postgrest-js turns a thrown fetch error into `{ code: "", message: "<name>: <message>" }`.
  if (!code && typeof message === "string" && message.startsWith(`${UNREACHABLE}:`)) return true;
  return isUnreachable(cause) || isUnreachable(originalError);
}
