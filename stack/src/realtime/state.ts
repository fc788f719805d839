// What every socket and channel of the realtime service shares.
import type { StackContext } from "../context.js";
import type { Logger } from "../shared/log.js";
import type { OutgoingBroadcast } from "./broadcast.js";
import type { ChangeService } from "./changes/index.js";
import type { TopicHub } from "./hub.js";
import type { PresenceDiff, PresenceRegistry } from "./presence.js";

/** The part of a joined channel that other channels and the REST API talk to. */
export interface TopicMember {
  receiveBroadcast(message: OutgoingBroadcast): void;
  receivePresenceDiff(diff: PresenceDiff): void;
}

export interface RealtimeState {
  ctx: StackContext;
  log: Logger;
  hub: TopicHub<TopicMember>;
  presence: PresenceRegistry<TopicMember>;
  changes: ChangeService;
}

/** Sends a broadcast to every member of a topic but `except` (the sender without `self`). */
export function fanOut(rt: RealtimeState, key: string, message: OutgoingBroadcast, except?: TopicMember): void {
  for (const member of rt.hub.members(key)) if (member !== except) member.receiveBroadcast(message);
}

export function fanOutPresence(rt: RealtimeState, key: string, diff: PresenceDiff): void {
  for (const member of rt.hub.members(key)) member.receivePresenceDiff(diff);
}
