import { describe, expect, it } from "vitest";
import { parseGoDuration } from "./duration.js";

describe("parseGoDuration", () => {
  it.each([
    ["1s", 1000],
    ["0", 0],
    ["1h30m", 5_400_000],
    ["876000h", 876000 * 3_600_000],
    ["1.5h", 5_400_000],
    ["250ms", 250],
    ["-2m", -120_000],
  ])("%s → %d ms", (text, ms) => expect(parseGoDuration(text)).toBe(ms));

  it.each(["", "none", "10", "1d", "h", "1h x"])("refuses %j", (text) => expect(parseGoDuration(text)).toBeNull());
});
