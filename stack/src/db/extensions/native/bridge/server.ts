// The bridge: a Unix socket the stack serves for the native extensions' C code. A backend
// running `http_get()` or a plv8 function connects (the path reaches it by the
// `http.bridge_socket` / `plv8.bridge_socket` settings the stack writes on the database),
// sends a request frame and waits; the stack does the work in Node (fetch, the JavaScript
// sandbox, a compiler run) and answers, possibly asking the backend to run SQL first.
// Only the database server's OS user can connect: the folder is that user's, mode 0700.
import { chmodSync, chownSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Logger } from "../../../../shared/log.js";
import { encodeFrame, type Field, type Frame, FrameReader } from "./protocol.js";

/** One backend's connection: frames in order, and a way to answer. */
export class BridgeConnection {
  private readonly queue: Frame[] = [];
  private waiting: ((frame: Frame | null) => void) | null = null;
  private closed = false;
  /** What a handler keeps for this backend's session (plv8's JavaScript context). */
  readonly session = new Map<string, unknown>();
  private readonly onClose: (() => void)[] = [];

  constructor(readonly socket: net.Socket) {}

  deliver(frame: Frame): void {
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = null;
      w(frame);
    } else this.queue.push(frame);
  }

  close(): void {
    this.closed = true;
    this.waiting?.(null);
    this.waiting = null;
    for (const f of this.onClose.splice(0)) f();
  }

  whenClosed(f: () => void): void {
    if (this.closed) f();
    else this.onClose.push(f);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** The next frame from the backend, or null once it has gone. */
  next(): Promise<Frame | null> {
    const frame = this.queue.shift();
    if (frame) return Promise.resolve(frame);
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  send(type: string, fields: (Field | string | number)[]): void {
    if (!this.closed) this.socket.write(encodeFrame(type, fields));
  }
}

export type BridgeHandler = (frame: Frame, connection: BridgeConnection) => Promise<void>;

interface Bridge {
  socketPath: string;
  dir: string;
  close(): Promise<void>;
}

/** The OS user the database server runs as, when it is not ourselves (running as root). */
interface SocketOwner {
  uid: number;
  gid: number;
}

export async function startBridge(
  handlers: Record<string, BridgeHandler>,
  owner: SocketOwner | undefined,
  log: Logger,
): Promise<Bridge> {
  // Short, so the path fits a Unix socket address (108 bytes) wherever the project is.
  const dir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-bridge-"));
  chmodSync(dir, 0o700);
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const socketPath = path.join(dir, "s");
  const connections = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections.add(socket);
    const connection = new BridgeConnection(socket);
    const reader = new FrameReader();
    socket.on("data", (chunk: Buffer) => {
      try {
        for (const frame of reader.push(chunk)) connection.deliver(frame);
      } catch (err) {
        log.warn("bridge: malformed frame, closing the connection", err);
        socket.destroy();
      }
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      connections.delete(socket);
      connection.close();
    });
    void serve(connection, handlers, log);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  if (owner) chownSync(socketPath, owner.uid, owner.gid);
  return {
    socketPath,
    dir,
    close: async () => {
      for (const s of connections) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Requests of one connection, one after another, as the backend sends them. */
async function serve(connection: BridgeConnection, handlers: Record<string, BridgeHandler>, log: Logger) {
  for (;;) {
    const frame = await connection.next();
    if (!frame) return;
    const handler = handlers[frame.type];
    if (!handler) {
      connection.send("e", ["XX000", `the stack's bridge does not know request "${frame.type}"`, null, null]);
      continue;
    }
    try {
      await handler(frame, connection);
    } catch (err) {
      log.warn(`bridge: request "${frame.type}" failed`, err);
      connection.send("e", ["XX000", `the stack's bridge failed: ${(err as Error).message}`, null, null]);
    }
  }
}
