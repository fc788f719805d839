import { describe, expect, it } from "vitest";
import { decodeFrame, encodeFrame, encodeUserBroadcast, FrameError, frameAround } from "./frames.js";

/** A kind 3 user broadcast push, laid out as realtime-js's serializer writes it. */
function push(joinRef: string, ref: string, topic: string, event: string, encoding: number, body: Buffer): Buffer {
  const parts = [joinRef, ref, topic, event].map((s) => Buffer.from(s));
  return Buffer.concat([Buffer.from([3, ...parts.map((p) => p.length), 0, encoding]), ...parts, body]);
}

describe("Phoenix frames", () => {
  it("frames a payload encoded once for many channels exactly as a whole frame is encoded", () => {
    const payload = { ids: [7], data: { table: "ünïcode", record: { n: 1 } } };
    for (const vsn of ["1.0.0", "2.0.0"] as const) {
      const frame = { joinRef: "5", ref: null, topic: 'realtime:"quoted"', event: "postgres_changes" };
      const [head, tail] = frameAround(vsn, frame);
      const shared = Buffer.from(JSON.stringify(payload));
      const bytes = Buffer.concat([Buffer.from(head), shared, Buffer.from(tail)]);
      expect(bytes.toString("utf8")).toBe(encodeFrame(vsn, { ...frame, payload }));
      expect(decodeFrame(vsn, bytes, false)).toEqual({ ...frame, payload });
    }
  });

  it("decodes vsn 1.0.0 objects and 2.0.0 arrays", () => {
    const v1 = decodeFrame(
      "1.0.0",
      Buffer.from('{"topic":"realtime:a","event":"phx_join","payload":{},"ref":"1","join_ref":"1"}'),
      false,
    );
    expect(v1).toEqual({ joinRef: "1", ref: "1", topic: "realtime:a", event: "phx_join", payload: {} });
    const v2 = decodeFrame("2.0.0", Buffer.from('["3","4","phoenix","heartbeat",{}]'), false);
    expect(v2).toEqual({ joinRef: "3", ref: "4", topic: "phoenix", event: "heartbeat", payload: {} });
    expect(() => decodeFrame("2.0.0", Buffer.from('{"topic":"x"}'), false)).toThrow(FrameError);
  });

  it("decodes binary broadcast pushes (JSON and raw bytes, multi-byte text)", () => {
    const json = decodeFrame("2.0.0", push("1", "2", "realtime:café", "évt", 1, Buffer.from('{"x":1}')), true);
    expect(json).toMatchObject({
      joinRef: "1",
      ref: "2",
      topic: "realtime:café",
      event: "broadcast",
      payload: { type: "broadcast", event: "évt", payload: { x: 1 } },
    });
    const raw = decodeFrame("2.0.0", push("", "", "realtime:b", "bin", 0, Buffer.from([1, 2, 3])), true);
    expect(raw.binaryBroadcast).toMatchObject({ binary: true, event: "bin" });
    expect(raw.joinRef).toBeNull();
    expect(() => decodeFrame("1.0.0", Buffer.from([3]), true)).toThrow(FrameError);
  });

  it("encodes replies per version and broadcasts as kind 4", () => {
    const frame = { joinRef: "1", ref: "2", topic: "realtime:a", event: "phx_reply", payload: { status: "ok" } };
    expect(JSON.parse(encodeFrame("2.0.0", frame))).toEqual(["1", "2", "realtime:a", "phx_reply", { status: "ok" }]);
    expect(JSON.parse(encodeFrame("1.0.0", frame))).toEqual({
      topic: "realtime:a",
      event: "phx_reply",
      payload: { status: "ok" },
      ref: "2",
      join_ref: "1",
    });
    const bytes = encodeUserBroadcast("realtime:a", { event: "e", payload: { y: 2 }, binary: false });
    expect([...bytes.subarray(0, 5)]).toEqual([4, 10, 1, 0, 1]);
    expect(JSON.parse(bytes.subarray(5 + 10 + 1).toString())).toEqual({ y: 2 });
  });

  it("puts a broadcast's meta (a database message's id) between its event and payload", () => {
    const meta = { id: "0b5f" };
    const bytes = encodeUserBroadcast("realtime:a", { event: "e", payload: { y: 2 }, binary: false, meta });
    const metaLength = Buffer.byteLength(JSON.stringify(meta));
    expect([...bytes.subarray(0, 5)]).toEqual([4, 10, 1, metaLength, 1]);
    expect(JSON.parse(bytes.subarray(16, 16 + metaLength).toString())).toEqual(meta);
    expect(JSON.parse(bytes.subarray(16 + metaLength).toString())).toEqual({ y: 2 });
  });
});
