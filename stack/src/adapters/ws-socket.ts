// ws's private TCP socket, in one place (docs/architecture.md, "Adapters"). Realtime
// writes a tick's frames to the socket itself in one write (realtime/socket.ts), which
// ws offers no public way to do; it reaches `WebSocket._socket`. ws is pinned in
// package.json and ws-socket.test.ts fails when an update changes what this reads.
import type { Socket } from "node:net";
import type { WebSocket } from "ws";

/** The connection's TCP socket, or undefined (then every frame goes through ws). */
export function tcpSocketOf(ws: WebSocket): Socket | undefined {
  return (ws as unknown as { _socket?: Socket })._socket;
}
