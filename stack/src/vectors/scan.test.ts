// The in-memory exact search against a plain brute force over the same vectors,
// through inserts past several memory growths, overwrites and deletes, and over rows
// built so that their int8 codes rank them differently from their float values.
import { describe, expect, it } from "vitest";
import { quantise, ROW_CODE_MAX } from "./quantise.js";
import { type DistanceMetric, MemoryIndex } from "./scan.js";

function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a * 1103515245 + 12345) % 2147483648;
    return a / 2147483648 - 0.5;
  };
}

function bruteForce(rows: Map<string, Float32Array>, query: Float32Array, metric: DistanceMetric, k: number) {
  const qn = Math.hypot(...query);
  return [...rows]
    .map(([key, v]) => {
      let dot = 0;
      let l2 = 0;
      for (let i = 0; i < v.length; i++) {
        dot += v[i] * query[i];
        l2 += (v[i] - query[i]) ** 2;
      }
      return { key, distance: metric === "cosine" ? 1 - dot / (Math.hypot(...v) * qn) : Math.sqrt(l2) };
    })
    .sort((a, b) => a.distance - b.distance)
    .slice(0, k);
}

describe("MemoryIndex", () => {
  for (const metric of ["cosine", "euclidean"] as const) {
    it(`finds exactly the brute force's nearest rows (${metric}, 7 dimensions)`, async () => {
      const rnd = random(metric === "cosine" ? 1 : 2);
      const vector = () => Float32Array.from({ length: 7 }, rnd);
      const index = await MemoryIndex.create(7, metric);
      const rows = new Map<string, Float32Array>();
      for (let i = 0; i < 1000; i++) {
        const v = vector();
        rows.set(`k${i}`, v);
        index.upsert(`k${i}`, v, { i });
      }
      for (let i = 0; i < 1000; i += 3) {
        rows.delete(`k${i}`);
        index.remove(`k${i}`);
      }
      for (let i = 1; i < 1000; i += 7) {
        const v = vector();
        rows.set(`k${i}`, v);
        index.upsert(`k${i}`, v, { i, again: true });
      }
      expect(index.size).toBe(rows.size);
      for (let q = 0; q < 20; q++) {
        const query = vector();
        const found = index.search(query, 10);
        const expected = bruteForce(rows, query, metric, 10);
        expect(found.map((f) => f.key)).toEqual(expected.map((e) => e.key));
        found.forEach((f, n) => {
          expect(f.distance).toBeCloseTo(expected[n].distance, 5);
        });
      }
    });
  }

  it("lets only accepted rows into the top k, and returns fewer when fewer match", async () => {
    const index = await MemoryIndex.create(2, "euclidean");
    for (let i = 0; i < 100; i++) index.upsert(`k${i}`, Float32Array.of(i, 0), { even: i % 2 === 0 });
    const odd = index.search(Float32Array.of(0, 0), 3, (m) => m.even === false);
    expect(odd.map((r) => r.key)).toEqual(["k1", "k3", "k5"]);
    expect(index.search(Float32Array.of(0, 0), 3, (m) => m.even === "never")).toEqual([]);
    expect(index.search(Float32Array.of(0, 0), 3).map((r) => r.metadata)).toEqual([
      { even: true },
      { even: false },
      { even: true },
    ]);
  });

  for (const metric of ["cosine", "euclidean"] as const) {
    it(`stays exact where the int8 codes rank rows in another order (${metric})`, async () => {
      // Unit rows [a, v, √(1 − a² − v²), 0…]: the query is the second axis, so rows rank by
      // v alone (for both metrics), but v (≤ 0.01) is below or near one step of each row's
      // own grid (max(a, …)/127), so the codes tie or reverse many of them.
      const rnd = random(metric === "cosine" ? 5 : 6);
      const dimension = 16;
      const index = await MemoryIndex.create(dimension, metric);
      const rows = new Map<string, Float32Array>();
      for (let i = 0; i < 300; i++) {
        const a = 0.55 + rnd() * 0.8;
        const v = (rnd() + 0.5) * 0.01;
        const row = new Float32Array(dimension);
        row.set([a, v, Math.sqrt(1 - a * a - v * v)]);
        rows.set(`k${i}`, row);
        index.upsert(`k${i}`, row, {});
      }
      const query = new Float32Array(dimension);
      query[1] = 1;
      const expected = bruteForce(rows, query, metric, 10);
      // What the codes alone would answer (the query is exact on its grid).
      const byCodes = [...rows]
        .map(([key, row]) => {
          const codes = new Int8Array(dimension);
          const { scale } = quantise(row, ROW_CODE_MAX, codes);
          return { key, estimate: scale * codes[1] };
        })
        .sort((x, y) => y.estimate - x.estimate)
        .slice(0, 10);
      expect(byCodes.map((c) => c.key)).not.toEqual(expected.map((e) => e.key));

      const found = index.search(query, 10);
      expect(found.map((f) => f.key)).toEqual(expected.map((e) => e.key));
      found.forEach((f, n) => {
        expect(f.distance).toBeCloseTo(expected[n].distance, 6);
      });
      // The codes still rule out most rows: only a few are measured in float32.
      expect(index.reranked).toBeGreaterThanOrEqual(10);
      expect(index.reranked).toBeLessThan(rows.size);
    });
  }
});
