// One joined `realtime:<name>` channel of a socket — what a Phoenix channel process
// is in Realtime: join (token, private-channel policies, postgres_changes bindings,
// presence state), then broadcast, presence, access_token and leave. Frames are
// handled one at a time in arrival order.
import { randomUUID } from "node:crypto";
import type { Claims } from "../shared/jwt.js";
import { confirmSession, confirmToken } from "./auth.js";
import { OutgoingBroadcast } from "./broadcast.js";
import { type BindingParams, bindingId } from "./changes/bindings.js";
import { BindingError, type ChangeSubscriber } from "./changes/index.js";
import { REALTIME_ERRORS, REALTIME_REASONS, RealtimeError } from "./errors.js";
import { topicKey } from "./hub.js";
import { canWrite, type Extension, readableExtensions } from "./policies.js";
import type { PresenceDiff } from "./presence.js";
import { encodeFrame, type Frame, frameAround, type Vsn } from "./protocol/frames.js";
import { fanOut, fanOutPresence, type RealtimeState, type TopicMember } from "./state.js";

export interface SocketLink {
  readonly vsn: Vsn;
  /** The JWT the socket connected with: stands in for `sb_` keys and absent tokens. */
  readonly tenantToken: string;
  /** Strings go out as text frames, buffers as binary ones. */
  send(data: string | Buffer): void;
  /** UTF-8 JSON already encoded in three parts (frame head, payload, tail), as one text frame. */
  sendText(head: Buffer, body: Buffer, tail: Buffer): void;
  /** The channel ended by itself (leave, shutdown). */
  detach(channel: Channel): void;
}

interface JoinConfig {
  broadcast?: { self?: boolean; ack?: boolean };
  presence?: { key?: string; enabled?: boolean };
  postgres_changes?: BindingParams[];
  private?: boolean;
}

/** Timers cannot wait longer than ~24 days; re-check at least hourly. */
const MAX_TOKEN_TIMER_MS = 60 * 60 * 1000;

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export class Channel implements TopicMember, ChangeSubscriber {
  role = "anon";
  claimsJson = "{}";
  private claims: Claims = {};
  private token = "";
  private joined = false;
  private closed = false;
  private queue: Promise<void> = Promise.resolve();
  private key = "";
  private isPrivate = false;
  private selfBroadcast = false;
  private ackBroadcast = false;
  private presenceKey = "";
  private presenceEnabled = false;
  private readable = new Set<Extension>();
  private writable = new Map<Extension, boolean>();
  private bindings: BindingParams[] = [];
  private tokenTimer: NodeJS.Timeout | null = null;
  /** When the token the channel runs on expires (seconds since the epoch). */
  private tokenExp: number | null = null;
  /** The bytes of a postgres_changes frame around its data, by the binding ids it carries. */
  private readonly changeFrames = new Map<string, [Buffer, Buffer]>();
  private lastIds: number[] | null = null;
  private lastFrame: [Buffer, Buffer] | undefined;

  constructor(
    private readonly rt: RealtimeState,
    private readonly socket: SocketLink,
    readonly topic: string,
    readonly joinRef: string | null,
  ) {}

  private get subTopic(): string {
    return this.topic.slice("realtime:".length);
  }

  /** Queues a frame for this channel; frames run one after another. */
  handle(frame: Frame): void {
    this.queue = this.queue
      .then(() => (this.closed ? undefined : this.process(frame)))
      .catch((err) => this.rt.log.error(`channel ${this.topic}: ${frame.event} failed`, err));
  }

  private async process(frame: Frame): Promise<void> {
    if (frame.event === "phx_join") return this.join(frame);
    if (!this.joined) return;
    switch (frame.event) {
      case "phx_leave":
        this.reply(frame.ref, "ok", {});
        this.close();
        return;
      case "access_token":
        return this.refreshToken(record(frame.payload).access_token);
      case "broadcast":
        return this.broadcast(frame);
      case "presence":
        return this.presence(frame);
      default:
        return; // upstream ignores unknown client events
    }
  }

  // ---- join ---------------------------------------------------------------

  private async join(frame: Frame): Promise<void> {
    const payload = record(frame.payload);
    const config = record(payload.config) as JoinConfig;
    if (!this.subTopic) return this.refuseJoin(frame, REALTIME_ERRORS.topicRequired().reason);

    this.isPrivate = config.private === true;
    this.selfBroadcast = config.broadcast?.self === true;
    this.ackBroadcast = config.broadcast?.ack === true;
    this.presenceEnabled = config.presence?.enabled === true;
    this.presenceKey = config.presence?.key || randomUUID();
    this.bindings = (Array.isArray(config.postgres_changes) ? config.postgres_changes : []).filter(
      (b): b is BindingParams => b !== null && typeof b === "object",
    );
    this.key = topicKey(this.topic, this.isPrivate);

    const given = payload.access_token ?? payload.user_token;
    try {
      await this.acceptToken(typeof given === "string" && !given.startsWith("sb_") ? given : this.socket.tenantToken);
      if (this.isPrivate) {
        this.readable = await readableExtensions(this.rt.ctx.db.admin, this.caller(), this.subTopic);
        if (this.readable.size === 0) {
          throw REALTIME_ERRORS.topicUnreadable(this.subTopic);
        }
      }
    } catch (err) {
      if (!(err instanceof RealtimeError)) throw err;
      return this.refuseJoin(frame, err.reason);
    }

    // Capture changes (bindings first: a resumed slot replays to them) and database
    // broadcasts before the reply: SUBSCRIBED fires on it.
    const changesError = await this.subscribeChanges();
    await this.rt.changes
      .stream()
      .catch((err) => this.rt.log.warn(`realtime replication for ${this.topic} could not start`, err));
    // The token's session, asked once the stream runs (and the claims are set): a deletion
    // committed before is seen here, one committed after reaches the channel through the
    // stream, or through base 44's notification while the stream is down.
    try {
      await confirmSession(this.rt.ctx.db.admin, this.claims);
    } catch (err) {
      if (!(err instanceof RealtimeError)) throw err;
      return this.refuseJoin(frame, err.reason);
    }
    this.joined = true;
    this.rt.hub.join(this.key, this);
    this.reply(frame.ref, "ok", {
      postgres_changes: this.bindings.map((params) => ({ ...params, id: bindingId(params) })),
    });
    if (this.bindings.length > 0) this.postgresChangesStatus(changesError);
    if (this.presenceEnabled) this.push("presence_state", this.rt.presence.state(this.key));
  }

  private refuseJoin(frame: Frame, reason: string): void {
    this.dispose();
    this.socket.detach(this);
    this.reply(frame.ref, "error", { reason });
  }

  private caller() {
    return { role: this.role, claims: this.claims };
  }

  private async acceptToken(token: string): Promise<void> {
    const confirmed = await confirmToken(this.rt.ctx.jwt, token);
    this.token = token;
    this.claims = confirmed.claims;
    this.role = confirmed.role;
    this.claimsJson = JSON.stringify(confirmed.claims);
    this.writable.clear();
    this.scheduleTokenCheck(confirmed.exp);
  }

  /** Registers the postgres_changes bindings; returns the system error message, if any. */
  private async subscribeChanges(): Promise<string | null> {
    if (this.bindings.length === 0) return null;
    try {
      const specs = await this.rt.changes.resolve(this.bindings, this.role);
      await this.rt.changes.subscribe(this, specs);
      return null;
    } catch (err) {
      this.rt.changes.unsubscribe(this);
      if (err instanceof BindingError) return err.message;
      this.rt.log.warn(`postgres_changes subscription for ${this.topic} failed`, err);
      return "Realtime was unable to connect to the project database";
    }
  }

  private postgresChangesStatus(error: string | null): void {
    this.push("system", {
      extension: "postgres_changes",
      status: error ? "error" : "ok",
      message: error ?? "Subscribed to PostgreSQL",
      channel: this.subTopic,
    });
  }

  // ---- tokens ---------------------------------------------------------------

  /** At `exp` the token is checked again, which fails and shuts the channel down. */
  private scheduleTokenCheck(exp: number): void {
    this.clearTokenTimer();
    this.tokenExp = exp;
    const delay = Math.min(Math.max(0, exp * 1000 - this.rt.ctx.clock.now()), MAX_TOKEN_TIMER_MS);
    this.tokenTimer = setTimeout(() => {
      this.queue = this.queue
        .then(() => this.recheckToken())
        .catch((err) => this.rt.log.error(`channel ${this.topic}: token check failed`, err));
    }, delay);
    this.tokenTimer.unref();
  }

  private clearTokenTimer(): void {
    if (this.tokenTimer) clearTimeout(this.tokenTimer);
    this.tokenTimer = null;
  }

  /** The session behind the channel's token was deleted (signed out, user removed…). */
  /** The stack's clock moved forward: the token may have expired meanwhile. */
  clockMoved(): void {
    if (this.tokenTimer && this.tokenExp !== null) this.scheduleTokenCheck(this.tokenExp);
  }

  revokeSession(sessionId: string): void {
    if (this.closed || this.claims?.session_id !== sessionId) return;
    this.queue = this.queue.then(() => {
      if (!this.closed) this.shutdown(REALTIME_ERRORS.tokenRevoked().message);
    });
  }

  private async recheckToken(): Promise<void> {
    if (this.closed) return;
    try {
      const confirmed = await confirmToken(this.rt.ctx.jwt, this.token);
      this.scheduleTokenCheck(confirmed.exp);
    } catch (err) {
      if (err instanceof RealtimeError) return this.shutdown(err.message);
      throw err;
    }
  }

  private async refreshToken(token: unknown): Promise<void> {
    if (typeof token !== "string" || token.startsWith("sb_") || token === this.token) return;
    const previousRole = this.role;
    try {
      await this.acceptToken(token);
      // After the claims are set: a revocation arriving meanwhile finds this channel.
      await confirmSession(this.rt.ctx.db.admin, this.claims);
      if (this.isPrivate) {
        const readable = await readableExtensions(this.rt.ctx.db.admin, this.caller(), this.subTopic);
        const revoked = [...this.readable].some((e) => !readable.has(e));
        this.readable = readable;
        if (revoked) {
          return this.shutdown(`You no longer have permission to read from this Channel topic: ${this.subTopic}`);
        }
      }
    } catch (err) {
      if (err instanceof RealtimeError) return this.shutdown(err.message);
      throw err;
    }
    // The bindings now act with the new claims; a new role must be valid for them.
    if (this.bindings.length > 0) {
      const error = this.role === previousRole ? null : await this.subscribeChanges();
      this.postgresChangesStatus(error);
    }
  }

  // ---- broadcast and presence --------------------------------------------

  private async allowedToWrite(extension: Extension): Promise<boolean> {
    if (!this.isPrivate) return true;
    let allowed = this.writable.get(extension);
    if (allowed === undefined) {
      allowed = await canWrite(this.rt.ctx.db.admin, this.caller(), this.subTopic, extension);
      this.writable.set(extension, allowed);
    }
    return allowed;
  }

  private async broadcast(frame: Frame): Promise<void> {
    const payload = record(frame.payload);
    if (!(await this.allowedToWrite("broadcast"))) return; // upstream drops it without a reply
    const message = frame.binaryBroadcast ?? {
      event: String(payload.event ?? ""),
      payload: payload.payload,
      binary: false,
    };
    fanOut(this.rt, this.key, new OutgoingBroadcast(this.topic, message), this.selfBroadcast ? undefined : this);
    if (this.ackBroadcast) this.reply(frame.ref, "ok", {});
  }

  private async presence(frame: Frame): Promise<void> {
    const payload = record(frame.payload);
    if (payload.event === "track") {
      const state = payload.payload;
      if (!state || typeof state !== "object" || Array.isArray(state)) {
        return this.reply(frame.ref, "error", { reason: REALTIME_REASONS.presencePayload });
      }
      if (await this.allowedToWrite("presence")) {
        if (!this.presenceEnabled) {
          // Tracking turns presence on: this channel never got the state.
          this.presenceEnabled = true;
          this.push("presence_state", this.rt.presence.state(this.key));
        }
        fanOutPresence(
          this.rt,
          this.key,
          this.rt.presence.track(this.key, this, this.presenceKey, state as Record<string, unknown>),
        );
      }
    } else if (payload.event === "untrack") {
      const diff = this.rt.presence.untrack(this.key, this);
      if (diff) fanOutPresence(this.rt, this.key, diff);
    }
    this.reply(frame.ref, "ok", {});
  }

  receiveBroadcast(message: OutgoingBroadcast): void {
    if (this.isPrivate && !this.readable.has("broadcast")) return;
    const data = message.encoded(this.socket.vsn);
    if (data !== null) this.socket.send(data);
  }

  receivePresenceDiff(diff: PresenceDiff): void {
    if (this.isPrivate && !this.readable.has("presence")) return;
    this.push("presence_diff", diff);
  }

  deliver(ids: number[], data: Buffer): void {
    if (this.closed) return;
    // The dispatcher hands the same ids array while the bindings stay the same.
    let around = ids === this.lastIds ? this.lastFrame : undefined;
    if (!around) {
      const key = ids.join(",");
      around = this.changeFrames.get(key);
      if (!around) {
        const frame = { joinRef: this.joinRef, ref: null, topic: this.topic, event: "postgres_changes" };
        const [head, tail] = frameAround(this.socket.vsn, frame);
        around = [Buffer.from(`${head}{"ids":[${key}],"data":`), Buffer.from(`}${tail}`)];
        this.changeFrames.set(key, around);
      }
      this.lastIds = ids;
      this.lastFrame = around;
    }
    this.socket.sendText(around[0], data, around[1]);
  }

  // ---- frames and lifecycle ------------------------------------------------

  private reply(ref: string | null, status: "ok" | "error", response: unknown): void {
    this.send({ joinRef: this.joinRef, ref, topic: this.topic, event: "phx_reply", payload: { status, response } });
  }

  private push(event: string, payload: unknown): void {
    this.send({ joinRef: this.joinRef, ref: null, topic: this.topic, event, payload });
  }

  private send(frame: Frame): void {
    this.socket.send(encodeFrame(this.socket.vsn, frame));
  }

  /** Upstream's shutdown_response: a system error message, then the channel closes. */
  private shutdown(message: string): void {
    this.push("system", { extension: "system", status: "error", message, channel: this.subTopic });
    this.close();
  }

  private close(): void {
    this.send({ joinRef: this.joinRef, ref: this.joinRef, topic: this.topic, event: "phx_close", payload: {} });
    this.dispose();
    this.socket.detach(this);
  }

  /** Leaves everything the channel took part in (also when the socket goes away). */
  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    this.clearTokenTimer();
    this.rt.changes.unsubscribe(this);
    if (!this.joined) return;
    this.rt.hub.leave(this.key, this);
    const diff = this.rt.presence.untrack(this.key, this);
    if (diff) fanOutPresence(this.rt, this.key, diff);
  }
}
