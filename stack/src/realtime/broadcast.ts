// One broadcast, encoded at most once per protocol version however many sockets get it.
import { encodeFrame, encodeUserBroadcast, type UserBroadcast, type Vsn } from "./protocol/frames.js";

export class OutgoingBroadcast {
  private v1?: string | null;
  private v2?: string | Buffer;

  constructor(
    readonly topic: string,
    private readonly message: UserBroadcast,
  ) {}

  /** The frame for a socket of `vsn`; null when it cannot carry it (bytes to vsn 1.0.0). */
  encoded(vsn: Vsn): string | Buffer | null {
    if (vsn === "2.0.0") {
      // Broadcasts pushed as binary frames go back as binary (kind 4), others as JSON arrays.
      this.v2 ??= this.message.encoded ? encodeUserBroadcast(this.topic, this.message) : encodeFrame(vsn, this.frame());
      return this.v2;
    }
    if (this.v1 === undefined) this.v1 = this.message.binary ? null : encodeFrame(vsn, this.frame());
    return this.v1;
  }

  private frame() {
    const { event, payload, meta } = this.message;
    return {
      joinRef: null,
      ref: null,
      topic: this.topic,
      event: "broadcast",
      payload: meta ? { type: "broadcast", event, payload, meta } : { type: "broadcast", event, payload },
    };
  }
}
