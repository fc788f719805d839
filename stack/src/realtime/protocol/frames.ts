// Phoenix frames as realtime-js speaks them: vsn 1.0.0 sends JSON objects, vsn 2.0.0
// JSON arrays `[join_ref, ref, topic, event, payload]` plus binary frames for
// user broadcasts (kind 3 from the client, kind 4 to it) [rt v2_serializer.ex].

export type Vsn = "1.0.0" | "2.0.0";

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
  /** Set when a vsn 2.0.0 client pushed its broadcast as a binary frame. */
  binaryBroadcast?: UserBroadcast;
}

/** A user broadcast as it travels between sockets: JSON, or raw bytes from a binary push. */
export interface UserBroadcast {
  event: string;
  /** Parsed JSON, or the bytes when the sender pushed binary. */
  payload: unknown;
  binary: boolean;
  /** Set when the broadcast goes out as a kind 4 binary frame to vsn 2.0.0 (its payload bytes). */
  encoded?: Buffer;
  /** Sent beside the payload as `meta` (a message from the database carries its `id`). */
  meta?: Record<string, unknown>;
}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

export class FrameError extends Error {}

export function parseVsn(value: string | null): Vsn | null {
  if (value === null || value === "1.0.0") return "1.0.0";
  if (value === "2.0.0") return "2.0.0";
  return null;
}

function asRef(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return String(value);
}

/** Decodes one client frame; binary frames carry a broadcast push. */
export function decodeFrame(vsn: Vsn, data: Buffer, isBinary: boolean): Frame {
  if (isBinary) {
    if (vsn !== "2.0.0") throw new FrameError("binary frames need vsn 2.0.0");
    return decodeUserBroadcastPush(data);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString("utf8"));
  } catch {
    throw new FrameError("frame is not JSON");
  }
  if (vsn === "2.0.0") {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new FrameError("frame is not a 5-element array");
    const [joinRef, ref, topic, event, payload] = parsed;
    if (typeof topic !== "string" || typeof event !== "string") throw new FrameError("topic and event must be strings");
    return { joinRef: asRef(joinRef), ref: asRef(ref), topic, event, payload: payload ?? {} };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new FrameError("frame is not an object");
  const o = parsed as Record<string, unknown>;
  if (typeof o.topic !== "string" || typeof o.event !== "string")
    throw new FrameError("topic and event must be strings");
  return { joinRef: asRef(o.join_ref), ref: asRef(o.ref), topic: o.topic, event: o.event, payload: o.payload ?? {} };
}

function decodeUserBroadcastPush(data: Buffer): Frame {
  if (data.length < 7 || data[0] !== KIND_USER_BROADCAST_PUSH) throw new FrameError("unknown binary frame kind");
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [
    data[1],
    data[2],
    data[3],
    data[4],
    data[5],
    data[6],
  ];
  let offset = 7;
  const take = (len: number) => {
    if (offset + len > data.length) throw new FrameError("binary frame is truncated");
    const part = data.subarray(offset, offset + len);
    offset += len;
    return part;
  };
  const joinRef = take(joinRefLen).toString("utf8");
  const ref = take(refLen).toString("utf8");
  const topic = take(topicLen).toString("utf8");
  const event = take(eventLen).toString("utf8");
  take(metaLen); // metadata (e.g. `persist`): not used by a local stack
  const bytes = Buffer.from(data.subarray(offset));
  let payload: unknown = bytes;
  if (encoding === ENCODING_JSON) {
    try {
      payload = JSON.parse(bytes.toString("utf8"));
    } catch {
      throw new FrameError("broadcast payload is not JSON");
    }
  } else if (encoding !== ENCODING_BINARY) {
    throw new FrameError("unknown broadcast payload encoding");
  }
  const broadcast: UserBroadcast = { event, payload, binary: encoding === ENCODING_BINARY, encoded: bytes };
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: "broadcast",
    payload: { type: "broadcast", event, payload },
    binaryBroadcast: broadcast,
  };
}

/** Encodes a server frame for the socket's protocol version. */
export function encodeFrame(vsn: Vsn, frame: Frame): string {
  const [head, tail] = frameAround(vsn, frame);
  return head + JSON.stringify(frame.payload ?? {}) + tail;
}

/**
 * The text of a frame before and after its payload: a payload serialised once can
 * go between them for every socket (one change fans out to many channels).
 */
export function frameAround(vsn: Vsn, frame: Omit<Frame, "payload">): [head: string, tail: string] {
  const joinRef = JSON.stringify(frame.joinRef);
  const ref = JSON.stringify(frame.ref);
  const topic = JSON.stringify(frame.topic);
  const event = JSON.stringify(frame.event);
  if (vsn === "2.0.0") return [`[${joinRef},${ref},${topic},${event},`, "]"];
  return [`{"topic":${topic},"event":${event},"payload":`, `,"ref":${ref},"join_ref":${joinRef}}`];
}

/**
 * A broadcast for vsn 2.0.0 when it arrived as bytes: kind 4
 * `u8 4, u8 len(topic), u8 len(event), u8 len(meta), u8 encoding, topic, event, meta, payload`.
 */
export function encodeUserBroadcast(topic: string, broadcast: UserBroadcast): Buffer {
  const topicBytes = Buffer.from(topic, "utf8");
  const eventBytes = Buffer.from(broadcast.event, "utf8");
  const metaBytes = Buffer.from(broadcast.meta ? JSON.stringify(broadcast.meta) : "", "utf8");
  const body = broadcast.encoded ?? Buffer.from(JSON.stringify(broadcast.payload ?? {}), "utf8");
  const header = Buffer.from([
    KIND_USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    metaBytes.length,
    broadcast.binary ? ENCODING_BINARY : ENCODING_JSON,
  ]);
  return Buffer.concat([header, topicBytes, eventBytes, metaBytes, body]);
}
