// The error bound that makes the int8 pass exact: it must hold for every row and
// query, and each of its terms must be needed (a bound missing one is broken by a
// concrete pair below).
import { describe, expect, it } from "vitest";
import { dotErrorBound, type Quantised, quantise, queryCodeMax, ROW_CODE_MAX } from "./quantise.js";

const PADDED = 16;

function codesOf(vector: number[], maxCode: number): { quantised: Quantised; codes: Int16Array } {
  const codes = new Int16Array(PADDED);
  return { quantised: quantise(vector, maxCode, codes), codes };
}

/** The exact dot product, the int8 estimate and the bound for one row and query. */
function estimate(row: number[], query: number[]) {
  const x = codesOf(row, ROW_CODE_MAX);
  const y = codesOf(query, queryCodeMax(PADDED));
  let exact = 0;
  let codeProduct = 0;
  for (let i = 0; i < row.length; i++) {
    exact += row[i] * query[i];
    codeProduct += x.codes[i] * y.codes[i];
  }
  const approximate = x.quantised.scale * y.quantised.scale * codeProduct;
  const bound = dotErrorBound(x.quantised.codeNorm, x.quantised.errorNorm, y.quantised.errorNorm, Math.hypot(...query));
  return { error: Math.abs(exact - approximate), bound };
}

function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a * 1103515245 + 12345) % 2147483648;
    return a / 2147483648 - 0.5;
  };
}

describe("int8 quantisation", () => {
  it("keeps codes within range and the int32 sums from overflowing", () => {
    const { codes } = codesOf([3, -3, 1.5, 0], ROW_CODE_MAX);
    expect([...codes.slice(0, 4)]).toEqual([127, -127, 64, 0]);
    expect(queryCodeMax(384)).toBe(32767);
    expect(queryCodeMax(4096) * ROW_CODE_MAX * 4096).toBeLessThan(2 ** 31);
  });

  it("bounds the estimate's error for rows and queries of every shape", () => {
    const rnd = random(3);
    for (let n = 0; n < 2000; n++) {
      // Mixed magnitudes: a few large components set the grid, the rest fall between its steps.
      const spread = () => Array.from({ length: PADDED }, () => rnd() * 10 ** Math.floor(rnd() * 8 - 2));
      const { error, bound } = estimate(spread(), spread());
      expect(error).toBeLessThanOrEqual(bound);
    }
  });

  it("needs the row's rounding error: a row component between grid steps", () => {
    // Row grid 1/127: 0.003 rounds to 0; the query is exact.
    const { error, bound } = estimate([1, 0.003], [0, 1]);
    expect(error).toBeCloseTo(0.003, 12);
    expect(bound).toBeGreaterThanOrEqual(error);
    const x = codesOf([1, 0.003], ROW_CODE_MAX).quantised;
    expect(dotErrorBound(x.codeNorm, 0, 0, 1)).toBeLessThan(error);
  });

  it("needs the query's rounding error: a query component between its grid steps", () => {
    // The row is exact on its grid; the query's second component rounds to 0.
    const delta = 0.4 / queryCodeMax(PADDED);
    const { error, bound } = estimate([1, 1], [1, delta]);
    expect(error).toBeCloseTo(delta, 15);
    expect(bound).toBeGreaterThanOrEqual(error);
    expect(codesOf([1, 1], ROW_CODE_MAX).quantised.errorNorm).toBe(0);
  });
});
