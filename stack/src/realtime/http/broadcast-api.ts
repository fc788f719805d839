// REST broadcast: `POST /api/broadcast {messages:[{topic, event, payload, private}]}`
// and `POST /api/broadcast/:topic/events/:event` (body = payload), both 202. Private
// messages go out only where the caller's token may write to the topic.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { guardJsonDepth } from "../../shared/request-faults.js";
import { confirmToken } from "../auth.js";
import { OutgoingBroadcast } from "../broadcast.js";
import { BROADCAST_API_ERRORS, REALTIME_ERRORS, RealtimeError } from "../errors.js";
import { topicKey } from "../hub.js";
import { type Caller, canWrite } from "../policies.js";
import { fanOut, type RealtimeState } from "../state.js";

interface Message {
  topic: string;
  event: string;
  payload: unknown;
  private: boolean;
}

function parseMessages(body: unknown): Message[] {
  const list = (body as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(list)) throw BROADCAST_API_ERRORS.invalid("messages must be a list");
  return list.map((m, i) => {
    const item = (m ?? {}) as Record<string, unknown>;
    if (typeof item.topic !== "string" || !item.topic)
      throw BROADCAST_API_ERRORS.invalid(`messages[${i}].topic is required`);
    if (typeof item.event !== "string" || !item.event)
      throw BROADCAST_API_ERRORS.invalid(`messages[${i}].event is required`);
    return { topic: item.topic, event: item.event, payload: item.payload ?? {}, private: item.private === true };
  });
}

async function callerOf(rt: RealtimeState, req: FastifyRequest): Promise<Caller> {
  const token = req.headers.authorization?.replace(/^Bearer\s+/i, "") ?? "";
  try {
    const { role, claims } = await confirmToken(rt.ctx.jwt, token);
    if (!(await rt.ctx.sessions.claimsLive(claims))) throw REALTIME_ERRORS.tokenRevoked();
    return { role, claims };
  } catch (err) {
    if (err instanceof RealtimeError) throw BROADCAST_API_ERRORS.token(err);
    throw err;
  }
}

async function send(rt: RealtimeState, caller: Caller, messages: Message[]): Promise<void> {
  for (const m of messages) {
    if (m.private && !(await canWrite(rt.ctx.db.admin, caller, m.topic, "broadcast"))) continue;
    const topic = `realtime:${m.topic}`;
    const bytes = Buffer.isBuffer(m.payload) ? m.payload : undefined;
    const broadcast = new OutgoingBroadcast(topic, {
      event: m.event,
      payload: m.payload,
      binary: !!bytes,
      encoded: bytes,
    });
    fanOut(rt, topicKey(topic, m.private), broadcast);
  }
}

export function registerBroadcastApi(app: FastifyInstance, rt: RealtimeState): void {
  guardJsonDepth(app);
  // httpSend() posts binary payloads as application/octet-stream.
  app.addContentTypeParser("application/octet-stream", { parseAs: "buffer" }, (_req, body, done) => done(null, body));

  // The caller first, as Realtime does: a request without a valid token is a 401 whatever its body.
  app.post("/api/broadcast", async (req, reply) => {
    const caller = await callerOf(rt, req);
    await send(rt, caller, parseMessages(req.body));
    return reply.code(202).send();
  });

  app.post<{ Params: { topic: string; event: string }; Querystring: { private?: string } }>(
    "/api/broadcast/:topic/events/:event",
    async (req, reply) => {
      const caller = await callerOf(rt, req);
      const message = {
        topic: req.params.topic,
        event: req.params.event,
        payload: req.body ?? {},
        private: req.query.private === "true",
      };
      await send(rt, caller, [message]);
      return reply.code(202).send();
    },
  );
}
