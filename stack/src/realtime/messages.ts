// Broadcast from the database: each row inserted into realtime.messages (realtime.send,
// realtime.broadcast_changes, base 45) goes out as a broadcast on its topic, with the
// message id as `meta.id`, to the private or the public channels of that name, as
// Realtime's replication handler sends them. Private channels got their read right at
// join (RLS on realtime.messages). Messages older than 72 hours are deleted, as hosted
// Realtime drops their partitions.
import type pg from "pg";
import type { Logger } from "../shared/log.js";
import { OutgoingBroadcast } from "./broadcast.js";
import type { TextRow } from "./changes/payload.js";
import { topicKey } from "./hub.js";
import { fanOut, type RealtimeState } from "./state.js";

const RETENTION = "72 hours";
const JANITOR_INTERVAL_MS = 60 * 60 * 1000;

/** The broadcast a realtime.messages row stands for; null when it lacks a required column. */
function broadcastOf(row: TextRow): { key: string; message: OutgoingBroadcast } | null {
  const { topic, event, id, private: isPrivate, payload, binary_payload: bytes } = row;
  if (!topic || !event || !id || !isPrivate) return null;
  let body: { payload: unknown; binary: boolean; encoded: Buffer };
  if (typeof bytes === "string") {
    const encoded = Buffer.from(bytes.replace(/^\\x/, ""), "hex");
    body = { payload: encoded, binary: true, encoded };
  } else if (typeof payload === "string") {
    body = { payload: JSON.parse(payload), binary: false, encoded: Buffer.from(payload, "utf8") };
  } else {
    return null;
  }
  const channelTopic = `realtime:${topic}`;
  return {
    key: topicKey(channelTopic, isPrivate === "t"),
    message: new OutgoingBroadcast(channelTopic, { event, ...body, meta: { id } }),
  };
}

export function deliverDatabaseMessages(rt: RealtimeState, rows: TextRow[]): void {
  for (const row of rows) {
    try {
      const broadcast = broadcastOf(row);
      if (broadcast) fanOut(rt, broadcast.key, broadcast.message);
      else rt.log.warn(`realtime.messages row ${row.id ?? "?"} lacks topic, event, private or payload`);
    } catch (err) {
      rt.log.warn(`realtime.messages row ${row.id ?? "?"} could not be broadcast`, err);
    }
  }
}

/** Deletes expired messages now and every hour; returns the stop function. */
export function startMessageJanitor(admin: pg.Pool, log: Logger): () => void {
  const sweep = () =>
    admin
      .query(`delete from realtime.messages where inserted_at < now() - interval '${RETENTION}'`)
      .catch((err) => log.warn("deleting expired realtime messages failed", err));
  void sweep();
  const timer = setInterval(sweep, JANITOR_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
