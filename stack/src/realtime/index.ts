// Realtime at /realtime/v1: Phoenix channels over WebSocket (`/websocket`) with
// postgres_changes, broadcast (from clients, the REST API and the database) and presence.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { jwtForApiKey } from "../api-keys.js";
import type { Service, StackContext } from "../context.js";
import type { Listener } from "../db/listen.js";
import { confirmToken } from "./auth.js";
import { ChangeService } from "./changes/index.js";
import { RealtimeError, UPGRADE_ERRORS, type UpgradeRefusal } from "./errors.js";
import { registerBroadcastApi } from "./http/broadcast-api.js";
import { TopicHub } from "./hub.js";
import { deliverDatabaseMessages, startMessageJanitor } from "./messages.js";
import { PresenceRegistry } from "./presence.js";
import { parseVsn } from "./protocol/frames.js";
import { RealtimeSocket } from "./socket.js";
import { type RealtimeState, realtimeLimits, type TopicMember } from "./state.js";

const PREFIX = "/realtime/v1";
const WEBSOCKET_PATH = `${PREFIX}/websocket`;
/** Phoenix closes sockets that sent nothing (not even a heartbeat) for this long. */
const DEFAULT_IDLE_TIMEOUT_MS = 60_000;

function refuse(socket: Duplex, { status, statusText, error }: UpgradeRefusal): void {
  const body = JSON.stringify({ error });
  socket.end(
    `HTTP/1.1 ${status} ${statusText}\r\n` +
      `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

export function createRealtimeService(ctx: StackContext): Service {
  const idleTimeoutMs = Number(process.env.REALTIME_IDLE_TIMEOUT_MS) || DEFAULT_IDLE_TIMEOUT_MS;
  const log = ctx.log.child("realtime");
  const rt: RealtimeState = {
    ctx,
    limits: realtimeLimits(),
    log,
    hub: new TopicHub<TopicMember>(),
    presence: new PresenceRegistry<TopicMember>(),
    changes: new ChangeService(ctx.db, log, {
      onMessages: (rows) => deliverDatabaseMessages(rt, rows),
      onRevoked: (sessionIds) => revoke(sessionIds),
    }),
  };
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024 * 1024 });
  const sockets = new Set<RealtimeSocket>();
  let sweeper: NodeJS.Timeout | null = null;
  let revocations: Listener | undefined;
  let stopJanitor: (() => void) | undefined;

  /** Shuts the channels joined with these sessions' tokens. */
  function revoke(sessionIds: string[]): void {
    for (const id of sessionIds) for (const s of sockets) s.revokeSession(id);
  }

  async function accept(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    const vsn = parseVsn(url.searchParams.get("vsn"));
    if (!vsn) return refuse(socket, UPGRADE_ERRORS.unsupportedVsn);
    const header = req.headers["x-api-key"];
    const apikey = (typeof header === "string" ? header : null) ?? url.searchParams.get("apikey");
    if (!apikey) return refuse(socket, UPGRADE_ERRORS.apiKeyMissing);
    const tenantToken = jwtForApiKey(apikey, ctx.keys);
    try {
      await confirmToken(ctx.jwt, tenantToken);
    } catch (err) {
      if (err instanceof RealtimeError) return refuse(socket, UPGRADE_ERRORS.token(err));
      throw err;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const client = new RealtimeSocket(rt, ws, vsn, tenantToken);
      sockets.add(client);
      ws.on("close", () => sockets.delete(client));
    });
  }

  return {
    name: "realtime",
    prefix: PREFIX,
    register(app) {
      registerBroadcastApi(app, rt);
    },
    upgrade(req, socket, head) {
      const url = new URL(req.url ?? "/", "http://localhost");
      if (!ctx.config.realtime.enabled || url.pathname !== WEBSOCKET_PATH) return false;
      accept(req, socket, head, url).catch((err) => {
        log.error("websocket upgrade failed", err);
        socket.destroy();
      });
      return true;
    },
    async start() {
      await rt.changes.start();
      stopJanitor = startMessageJanitor(ctx.db.admin, log);
      // A deleted auth session shuts its channels. While the change stream runs, it brings
      // the deletion after what the same transaction broadcast (base 62); base 44's
      // notification, which comes at commit, acts only while the stream does not run.
      revocations = await ctx.db.listen("stack_session_revoked", (sessionId) => {
        if (!rt.changes.streaming) revoke([sessionId]);
      });
      sweeper = setInterval(
        () => {
          const cutoff = Date.now() - idleTimeoutMs;
          for (const s of sockets) if (s.lastSeen < cutoff) s.closeIdle();
        },
        Math.min(5_000, idleTimeoutMs / 2),
      );
      sweeper.unref();
    },
    clockMoved() {
      for (const s of sockets) s.clockMoved();
    },
    dropConnections() {
      const dropped = wss.clients.size;
      for (const client of wss.clients) client.terminate();
      return dropped;
    },
    async stop() {
      if (sweeper) clearInterval(sweeper);
      stopJanitor?.();
      await revocations?.stop();
      for (const client of wss.clients) client.terminate();
      await rt.changes.stop();
    },
  };
}
