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

/** Per-socket limits, as Realtime's tenant defaults (docs/security.md "Realtime limits"). */
export interface RealtimeLimits {
  /** Joins one socket may make in one second; past it the join is refused and the socket closed. */
  joinsPerSecond: number;
  /** Channels one socket may have joined at once. */
  channelsPerClient: number;
}

/** Realtime's own settings and defaults (TENANT_MAX_JOINS_PER_SECOND, TENANT_MAX_CHANNELS_PER_CLIENT). */
export function realtimeLimits(env: NodeJS.ProcessEnv = process.env): RealtimeLimits {
  const positive = (value: string | undefined, fallback: number) => {
    const n = Number(value);
    return Number.isSafeInteger(n) && n > 0 ? n : fallback;
  };
  return {
    joinsPerSecond: positive(env.TENANT_MAX_JOINS_PER_SECOND, 100),
    channelsPerClient: positive(env.TENANT_MAX_CHANNELS_PER_CLIENT, 100),
  };
}

export interface RealtimeState {
  ctx: StackContext;
  limits: RealtimeLimits;
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
