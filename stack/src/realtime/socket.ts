// One WebSocket connection: decodes frames, answers heartbeats on `phoenix`, routes
// the rest to its channels by topic. Sends never wait: a client that stops reading
// is dropped once its unsent buffer passes the bound, so it cannot hold up others.
// Joins are limited per socket as Realtime limits them per tenant (state.ts
// RealtimeLimits): too many in one second and the join is refused and the socket
// closed; too many channels at once and the join is refused (reasons: errors.ts).
import type { Socket } from "node:net";
import type WebSocket from "ws";
import { tcpSocketOf } from "../adapters/ws-socket.js";
import { Channel, type SocketLink } from "./channel.js";
import { REALTIME_CLOSES, REALTIME_ERRORS, REALTIME_REASONS } from "./errors.js";
import { decodeFrame, encodeFrame, type Frame, FrameError, type Vsn } from "./protocol/frames.js";
import type { RealtimeState } from "./state.js";

/** Unsent bytes a client may fall behind by before it is disconnected. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
const OPCODE_TEXT = 0x1;
const OPCODE_BINARY = 0x2;

/** Bytes of an unmasked server frame header for a payload of `length` bytes (RFC 6455 5.2). */
function headerBytes(length: number): number {
  return length < 126 ? 2 : length < 65536 ? 4 : 10;
}

/** A final (FIN) frame's header at `at`; returns where the payload starts. */
function writeHeader(out: Buffer, at: number, opcode: number, length: number): number {
  out[at] = 0x80 | opcode;
  if (length < 126) {
    out[at + 1] = length;
    return at + 2;
  }
  if (length < 65536) {
    out[at + 1] = 126;
    out.writeUInt16BE(length, at + 2);
    return at + 4;
  }
  out[at + 1] = 127;
  out.writeUInt32BE(Math.floor(length / 2 ** 32), at + 2);
  out.writeUInt32BE(length >>> 0, at + 6);
  return at + 10;
}

/** Sockets with frames queued this tick: one immediate writes them all. */
let dirty: RealtimeSocket[] = [];

function scheduleFlush(socket: RealtimeSocket): void {
  if (dirty.length === 0) setImmediate(flushAll);
  dirty.push(socket);
}

function flushAll(): void {
  const sockets = dirty;
  dirty = [];
  for (const socket of sockets) socket.flush();
}

export class RealtimeSocket implements SocketLink {
  private readonly channels = new Map<string, Channel>();
  /** The second joins are counted in, and how many this socket made in it. */
  private joinSecond = 0;
  private joinsThisSecond = 0;
  /** When the client last sent anything (heartbeats every 25 s keep it fresh). */
  lastSeen = Date.now();
  /** Frames queued this tick: (opcode, payload length, number of chunks) triples. */
  private readonly frames: number[] = [];
  /** Their payloads, in order, each frame's in one or more chunks. */
  private readonly chunks: Buffer[] = [];
  private queuedBytes = 0;
  /** The TCP socket the queued frames are written to; null: every frame goes through ws. */
  private readonly framing: Socket | null;

  constructor(
    private readonly rt: RealtimeState,
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    readonly tenantToken: string,
  ) {
    const tcp = tcpSocketOf(ws);
    // With an extension (permessage-deflate) frames would need ws to encode them.
    this.framing = tcp && ws.extensions === "" ? tcp : null;
    ws.on("message", (data: Buffer, isBinary: boolean) => this.onMessage(data, isBinary));
    ws.on("close", () => this.disposeAll());
    ws.on("error", () => ws.terminate());
  }

  send(data: string | Buffer): void {
    if (typeof data === "string") this.write(OPCODE_TEXT, Buffer.from(data));
    else this.write(OPCODE_BINARY, data);
  }

  sendText(head: Buffer, body: Buffer, tail: Buffer): void {
    if (!this.writable()) return;
    if (this.framing === null) {
      this.ws.send(Buffer.concat([head, body, tail]), { binary: false });
      return;
    }
    this.chunks.push(head, body, tail);
    this.queue(OPCODE_TEXT, head.length + body.length + tail.length, 3);
  }

  private write(opcode: number, data: Buffer): void {
    if (!this.writable()) return;
    if (this.framing === null) {
      this.ws.send(data, { binary: opcode === OPCODE_BINARY });
      return;
    }
    this.chunks.push(data);
    this.queue(opcode, data.length, 1);
  }

  /** Open and not too far behind; a client past the bound is disconnected. */
  private writable(): boolean {
    if (this.ws.readyState !== this.ws.OPEN) return false;
    if (this.ws.bufferedAmount + this.queuedBytes > MAX_BUFFERED_BYTES) {
      this.rt.log.warn("realtime client too slow to read; disconnecting it");
      this.discardQueued();
      this.ws.close(REALTIME_CLOSES.slowConsumer.code, REALTIME_CLOSES.slowConsumer.reason);
      this.disposeAll();
      return false;
    }
    return true;
  }

  /**
   * A change fans out as one frame to each of many sockets, and a batch of changes
   * as several to each: the frames of one tick are framed here (server frames are
   * unmasked; no extension is negotiated) and leave in one write per socket when the
   * tick ends, instead of two stream writes per frame through ws's sender.
   */
  private queue(opcode: number, length: number, parts: number): void {
    if (this.frames.length === 0) scheduleFlush(this);
    this.frames.push(opcode, length, parts);
    this.queuedBytes += length;
  }

  /** Writes the frames queued this tick as one buffer. */
  flush(): void {
    const { frames, chunks } = this;
    if (frames.length === 0) return;
    const tcp = this.framing;
    if (tcp === null || this.ws.readyState !== this.ws.OPEN) {
      this.discardQueued(); // closing: ws drops sends after close too
      return;
    }
    let total = 0;
    for (let i = 1; i < frames.length; i += 3) total += headerBytes(frames[i]) + frames[i];
    const out = Buffer.allocUnsafe(total);
    let at = 0;
    let chunk = 0;
    for (let i = 0; i < frames.length; i += 3) {
      at = writeHeader(out, at, frames[i], frames[i + 1]);
      for (let end = chunk + frames[i + 2]; chunk < end; chunk++) {
        out.set(chunks[chunk], at);
        at += chunks[chunk].length;
      }
    }
    this.discardQueued();
    tcp.write(out);
  }

  private discardQueued(): void {
    this.frames.length = 0;
    this.chunks.length = 0;
    this.queuedBytes = 0;
  }

  detach(channel: Channel): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  /** Closes an idle connection (no heartbeat within the timeout). */
  /** The stack's clock moved forward: each channel checks when its token expires again. */
  clockMoved(): void {
    for (const channel of this.channels.values()) channel.clockMoved();
  }

  /** Shuts the channels joined with a token of this (now deleted) auth session. */
  revokeSession(sessionId: string): void {
    for (const channel of [...this.channels.values()]) channel.revokeSession(sessionId);
  }

  closeIdle(): void {
    this.flush(); // frames already sent go out before the close frame
    this.ws.close(REALTIME_CLOSES.heartbeatTimeout.code, REALTIME_CLOSES.heartbeatTimeout.reason);
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
      this.reply(frame, "error", { reason: REALTIME_REASONS.unmatchedTopic });
      return;
    }
    channel.handle(frame);
  }

  private join(frame: Frame): void {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.joinSecond) {
      this.joinSecond = second;
      this.joinsThisSecond = 0;
    }
    if (++this.joinsThisSecond > this.rt.limits.joinsPerSecond) {
      this.reply(frame, "error", { reason: REALTIME_ERRORS.joinRate().reason });
      this.flush();
      this.ws.close(REALTIME_CLOSES.joinRate.code, REALTIME_CLOSES.joinRate.reason);
      this.disposeAll();
      return;
    }
    // A second join of a topic replaces the first, as in Phoenix.
    const existing = this.channels.get(frame.topic);
    if (!existing && this.channels.size >= this.rt.limits.channelsPerClient) {
      this.reply(frame, "error", { reason: REALTIME_ERRORS.tooManyChannels().reason });
      return;
    }
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
      this.reply(frame, "error", { reason: REALTIME_REASONS.unmatchedTopic });
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
