// The bridge's wire format, spoken by the C side in bridge/bridge.c: a frame is a u32
// length (big-endian, of what follows), a u8 type, a u16 field count, then each field as
// an i32 length (-1 for NULL) and its bytes. Simple enough to write by hand in C.
export type Field = Buffer | null;

export interface Frame {
  type: string;
  fields: Field[];
}

/** Frames bigger than this are refused: a response body or a result set of 1 GiB is a bug. */
const MAX_FRAME = 1024 * 1024 * 1024;

export function encodeFrame(type: string, fields: (Field | string | number)[]): Buffer {
  const parts = fields.map((f) => (f === null ? null : Buffer.isBuffer(f) ? f : Buffer.from(String(f), "utf8")));
  const size = 1 + 2 + parts.reduce((n, p) => n + 4 + (p?.length ?? 0), 0);
  const out = Buffer.alloc(4 + size);
  out.writeUInt32BE(size, 0);
  out.write(type, 4, 1, "latin1");
  out.writeUInt16BE(parts.length, 5);
  let at = 7;
  for (const p of parts) {
    out.writeInt32BE(p === null ? -1 : p.length, at);
    at += 4;
    if (p) {
      p.copy(out, at);
      at += p.length;
    }
  }
  return out;
}

/** Splits a byte stream into frames; throws on a malformed one. */
export class FrameReader {
  private buffered: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Frame[] {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    const frames: Frame[] = [];
    while (this.buffered.length >= 4) {
      const size = this.buffered.readUInt32BE(0);
      if (size < 3 || size > MAX_FRAME) throw new Error(`bridge frame of ${size} bytes refused`);
      if (this.buffered.length < 4 + size) break;
      frames.push(decodeFrame(this.buffered.subarray(4, 4 + size)));
      this.buffered = this.buffered.subarray(4 + size);
    }
    return frames;
  }
}

function decodeFrame(body: Buffer): Frame {
  const type = body.toString("latin1", 0, 1);
  const count = body.readUInt16BE(1);
  const fields: Field[] = [];
  let at = 3;
  for (let i = 0; i < count; i++) {
    if (at + 4 > body.length) throw new Error("truncated bridge frame");
    const len = body.readInt32BE(at);
    at += 4;
    if (len === -1) {
      fields.push(null);
      continue;
    }
    if (len < 0 || at + len > body.length) throw new Error("truncated bridge frame");
    fields.push(body.subarray(at, at + len));
    at += len;
  }
  return { type, fields };
}

export function text(field: Field | undefined): string | null {
  return field == null ? null : field.toString("utf8");
}
