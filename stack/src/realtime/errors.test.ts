// Realtime's codes and reasons are written once, in errors.ts: no other realtime file
// spells one (docs/architecture.md, "Errors"), and the reasons read as Realtime's.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REALTIME_ERRORS, type RealtimeCode } from "./errors.js";

const CODES: RealtimeCode[] = [
  "InvalidJWTToken",
  "JwtSignatureError",
  "MalformedJWT",
  "Unauthorized",
  "TopicNameRequired",
  "ClientJoinRateLimitReached",
  "ChannelRateLimitReached",
];

describe("realtime error catalogue", () => {
  it("is the only realtime file that writes a code as a string", () => {
    const dir = import.meta.dirname;
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter(
      (file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && file !== "errors.ts",
    );
    const found = files.flatMap((file) => {
      const source = readFileSync(path.join(dir, file), "utf8");
      return CODES.filter((code) => new RegExp(`["\`]${code}[:"\`]`).test(source)).map((code) => `${file}: ${code}`);
    });
    expect(found).toEqual([]);
  });

  it("words a refused join as Realtime does", () => {
    expect(REALTIME_ERRORS.joinRate().reason).toBe("ClientJoinRateLimitReached: Too many joins per second");
    expect(REALTIME_ERRORS.topicUnreadable("room").reason).toBe(
      "Unauthorized: You do not have permissions to read from this Channel topic: room",
    );
  });
});
