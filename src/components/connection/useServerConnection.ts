// The server connection (providers/serverConnection.ts) as React state.
import { useSyncExternalStore } from "react";
import type { ConnectionState } from "../../providers/connection";
import { serverConnection } from "../../providers/serverConnection";

const subscribe = (listener: () => void) => serverConnection().subscribe(listener);
const snapshot = () => serverConnection().getState();

export function useServerConnection(): ConnectionState {
  return useSyncExternalStore(subscribe, snapshot);
}

/** Tries the server now (the operator's "Try now"). */
export const tryServerNow = () => serverConnection().tryNow();
