// One WebSocket connection: decodes frames, answers heartbeats on `phoenix`, routes
// the rest to its channels by topic. Sends never wait: a client that stops reading
// is dropped once its unsent buffer passes the bound, so it cannot hold up others.
import type { Socket } from "node:net";
import type WebSocket from "ws";
import { Channel, type SocketLink } from "./channel.js";
import { decodeFrame, encodeFrame, type Frame, FrameError, type Vsn } from "./protocol/frames.js";
import type { RealtimeState } from "./state.js";

/** Unsent bytes a client may fall behind by before it is disconnected. */
export const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
/** Close code for "try again later" (the client reconnects with backoff). */
const CLOSE_SLOW_CONSUMER = 1013;

export class RealtimeSocket implements SocketLink {
  private readonly channels = new Map<string, Channel>();
  /** When the client last sent anything (heartbeats every 25 s keep it fresh). */
  lastSeen = Date.now();
  private corked = false;

  constructor(
    private readonly rt: RealtimeState,
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    readonly tenantToken: string,
  ) {
    ws.on("message", (data: Buffer, isBinary: boolean) => this.onMessage(data, isBinary));
    ws.on("close", () => this.disposeAll());
    ws.on("error", () => ws.terminate());
  }

  send(data: string | Buffer): void {
    this.write(data, typeof data !== "string");
  }

  sendText(bytes: Buffer): void {
    this.write(bytes, false);
  }

  private write(data: string | Buffer, binary: boolean): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.rt.log.warn("realtime client too slow to read; disconnecting it");
      this.ws.close(CLOSE_SLOW_CONSUMER, "slow consumer");
      this.disposeAll();
      return;
    }
    this.cork();
    this.ws.send(data, { binary });
  }

  /**
   * A change fans out as many frames to one socket in one tick: hold the TCP writes
   * until the tick ends so they leave in one writev instead of one syscall each.
   */
  private cork(): void {
    if (this.corked) return;
    const tcp = (this.ws as unknown as { _socket?: Socket })._socket;
    if (!tcp) return;
    this.corked = true;
    tcp.cork();
    setImmediate(() => {
      this.corked = false;
      tcp.uncork();
    });
  }

  detach(channel: Channel): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  /** Closes an idle connection (no heartbeat within the timeout). */
  /** Shuts the channels joined with a token of this (now deleted) auth session. */
  revokeSession(sessionId: string): void {
    for (const channel of [...this.channels.values()]) channel.revokeSession(sessionId);
  }

  closeIdle(): void {
    this.ws.close(1000, "heartbeat timeout");
    this.disposeAll();
    setTimeout(() => this.ws.terminate(), 1000).unref();
  }

  private onMessage(data: Buffer, isBinary: boolean): void {
    this.lastSeen = Date.now();
    let frame: Frame;
    try {
      frame = decodeFrame(this.vsn, data, isBinary);
    } catch (err) {
      if (!(err instanceof FrameError)) throw err;
      this.rt.log.debug(`realtime frame dropped: ${err.message}`);
      return;
    }
    if (frame.topic === "phoenix") {
      if (frame.event === "heartbeat") this.reply(frame, "ok", {});
      return;
    }
    if (frame.event === "phx_join") {
      this.join(frame);
      return;
    }
    const channel = this.channels.get(frame.topic);
    if (!channel || (frame.joinRef !== null && channel.joinRef !== null && frame.joinRef !== channel.joinRef)) {
      this.reply(frame, "error", { reason: "unmatched topic" });
      return;
    }
    channel.handle(frame);
  }

  private join(frame: Frame): void {
    // A second join of a topic replaces the first, as in Phoenix.
    const existing = this.channels.get(frame.topic);
    if (existing) {
      existing.dispose();
      this.send(
        encodeFrame(this.vsn, {
          ...frame,
          ref: existing.joinRef,
          joinRef: existing.joinRef,
          event: "phx_close",
          payload: {},
        }),
      );
    }
    if (!frame.topic.startsWith("realtime:")) {
      this.reply(frame, "error", { reason: "unmatched topic" });
      return;
    }
    const channel = new Channel(this.rt, this, frame.topic, frame.joinRef ?? frame.ref);
    this.channels.set(frame.topic, channel);
    channel.handle(frame);
  }

  private reply(frame: Frame, status: "ok" | "error", response: unknown): void {
    this.send(
      encodeFrame(this.vsn, {
        joinRef: frame.joinRef,
        ref: frame.ref,
        topic: frame.topic,
        event: "phx_reply",
        payload: { status, response },
      }),
    );
  }

  private disposeAll(): void {
    for (const channel of this.channels.values()) channel.dispose();
    this.channels.clear();
  }
}
