// Realtime's error catalogue (docs/architecture.md, "Errors"): every code and every
// reason a client reads is written here once, in Supabase Realtime's words. A refused
// join replies `{reason: "<Code>: <message>"}`, a channel shut on a token's end pushes
// the message alone (upstream's shutdown_response), the WebSocket upgrade answers
// `{error}` with its status, and the broadcast API `{message}` with its status.
import { ServiceError } from "../shared/errors.js";

/** The codes Realtime prefixes a join refusal with (its `ChannelRateLimitReached`, `InvalidJWTToken`…). */
export type RealtimeCode =
  | "InvalidJWTToken"
  | "JwtSignatureError"
  | "MalformedJWT"
  | "Unauthorized"
  | "TopicNameRequired"
  | "ClientJoinRateLimitReached"
  | "ChannelRateLimitReached";

/** A refused token or join: `reason` is what the join reply carries (`InvalidJWTToken: …`). */
export class RealtimeError extends Error {
  constructor(
    readonly code: RealtimeCode,
    message: string,
  ) {
    super(message);
  }

  get reason(): string {
    return `${this.code}: ${this.message}`;
  }
}

export const REALTIME_ERRORS = {
  tokenExpired: (secondsAgo: number) =>
    new RealtimeError("InvalidJWTToken", `Token has expired ${secondsAgo} seconds ago`),
  tokenRevoked: () => new RealtimeError("InvalidJWTToken", "Token has been revoked"),
  claimsMissing: () => new RealtimeError("InvalidJWTToken", "Fields `role` and `exp` are required in JWT"),
  badSignature: () => new RealtimeError("JwtSignatureError", "Failed to validate JWT signature"),
  malformedToken: () => new RealtimeError("MalformedJWT", "The token provided is not a valid JWT"),
  topicUnreadable: (topic: string) =>
    new RealtimeError("Unauthorized", `You do not have permissions to read from this Channel topic: ${topic}`),
  topicRequired: () => new RealtimeError("TopicNameRequired", "You must provide a topic name"),
  joinRate: () => new RealtimeError("ClientJoinRateLimitReached", "Too many joins per second"),
  tooManyChannels: () => new RealtimeError("ChannelRateLimitReached", "Too many channels"),
};

/** Reply reasons Realtime sends without a code. */
export const REALTIME_REASONS = {
  unmatchedTopic: "unmatched topic",
  presencePayload: "Presence track payload must be a map",
} as const;

/** WebSocket close codes and reasons. */
export const REALTIME_CLOSES = {
  /** 1008 "policy violation": the client broke the join rate. */
  joinRate: { code: 1008, reason: "too many joins per second" },
  /** 1013 "try again later": the client reads too slowly. */
  slowConsumer: { code: 1013, reason: "slow consumer" },
  heartbeatTimeout: { code: 1000, reason: "heartbeat timeout" },
} as const;

/** A refusal of the WebSocket upgrade: the status line and `{error}`. */
export interface UpgradeRefusal {
  status: 400 | 401;
  statusText: "Bad Request" | "Unauthorized";
  error: string;
}

export const UPGRADE_ERRORS = {
  unsupportedVsn: { status: 400, statusText: "Bad Request", error: "Unsupported vsn" },
  apiKeyMissing: { status: 401, statusText: "Unauthorized", error: "API key is missing" },
  token: (err: RealtimeError): UpgradeRefusal => ({ status: 401, statusText: "Unauthorized", error: err.message }),
} satisfies Record<string, UpgradeRefusal | ((err: RealtimeError) => UpgradeRefusal)>;

/** The broadcast API's errors (`POST /realtime/v1/api/broadcast`): `{message}`. */
export const BROADCAST_API_ERRORS = {
  invalid: (message: string) => new ServiceError(422, { message }),
  token: (err: RealtimeError) => new ServiceError(401, { message: err.message }),
};
