import { describe, expect, it } from "vitest";
import { closePairs } from "./pairs.ts";

const v = (...xs: number[]) => xs;

describe("closePairs", () => {
  it("finds every pair at or above the threshold once, with its cosine similarity", () => {
    const pairs = closePairs(
      [
        { key: "b", vector: v(1, 0, 0) },
        { key: "a", vector: v(0.99, 0.141, 0) },
        { key: "c", vector: v(0, 1, 0) },
        { key: "d", vector: v(0, 0, 2) },
      ],
      0.85,
      4,
    );
    expect(pairs).toEqual([{ a: "a", b: "b", similarity: 0.99 }]);
  });

  it("keeps a pair when it is among the best neighbours of either record, as one topK query per record did", () => {
    // Six copies of one customer: each has five equal neighbours, four are kept per record.
    const copies = Array.from({ length: 6 }, (_, i) => ({ key: `k${i}`, vector: v(1, 0) }));
    const pairs = closePairs(copies, 0.85, 4);
    expect(pairs.every((p) => p.similarity === 1)).toBe(true);
    const keys = new Set(pairs.flatMap((p) => [p.a, p.b]));
    expect(keys.size).toBe(6);
    expect(pairs.length).toBeGreaterThanOrEqual(12);
    expect(pairs.length).toBeLessThanOrEqual(15);
  });

  it("answers nothing for no records or below the threshold", () => {
    expect(closePairs([], 0.85, 4)).toEqual([]);
    expect(
      closePairs(
        [
          { key: "x", vector: v(1, 0) },
          { key: "y", vector: v(0, 1) },
        ],
        0.85,
        4,
      ),
    ).toEqual([]);
  });
});
