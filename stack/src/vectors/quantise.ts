// The arithmetic that lets a search scan int8 codes first and still be exact. A row
// x is stored as codes c with x = s·c + e (s = max|x|/127, rounding error e), the
// query y as int16 codes p with y = t·p + f. Then, exactly,
//   x·y = s·t·(c·p) + s·(c·f) + e·y,
// the integer c·p is computed without error by the kernel, and Cauchy–Schwarz bounds
// the rest: |x·y − s·t·(c·p)| ≤ ‖s·c‖·‖f‖ + ‖e‖·‖y‖. Widened by the float32
// kernel's own rounding, that gives every row an interval its exact distance must lie
// in; rows whose interval starts after the k-th smallest interval end cannot be in
// the top k, and only the others are re-ranked in float32 (scan.ts).

/** How far a row's int8 codes are from the row: x = scale·codes + error. */
export interface Quantised {
  scale: number;
  /** ‖scale·codes‖ */
  codeNorm: number;
  /** ‖x − scale·codes‖ */
  errorNorm: number;
}

export const ROW_CODE_MAX = 127;

/**
 * The largest query code for which no int32 sum in the kernel can overflow:
 * |c·p| ≤ dimension·127·max must stay below 2³¹.
 */
export function queryCodeMax(paddedDimension: number): number {
  return Math.min(32767, Math.floor((2 ** 31 - 1) / (ROW_CODE_MAX * paddedDimension)));
}

/** Writes the codes of `vector` (round to nearest on a grid of max|v|/maxCode) and says how far they are. */
export function quantise(vector: ArrayLike<number>, maxCode: number, codes: Int8Array | Int16Array): Quantised {
  let largest = 0;
  for (let i = 0; i < vector.length; i++) largest = Math.max(largest, Math.abs(vector[i]));
  const scale = largest / maxCode;
  let codeSquares = 0;
  let errorSquares = 0;
  for (let i = 0; i < vector.length; i++) {
    const code = scale === 0 ? 0 : Math.max(-maxCode, Math.min(maxCode, Math.round(vector[i] / scale)));
    codes[i] = code;
    codeSquares += code * code;
    const error = vector[i] - scale * code;
    errorSquares += error * error;
  }
  return { scale, codeNorm: scale * Math.sqrt(codeSquares), errorNorm: Math.sqrt(errorSquares) };
}

/**
 * Relative error of the float32 kernel's sums over `floats` values per row (each lane
 * sums a quarter, then the lanes are added; a subtraction and a product per term):
 * γ_m = m·u / (1 − m·u) with u = 2⁻²⁴, taking m generously as floats + 4.
 */
export function kernelRounding(floats: number): number {
  const mu = (floats + 4) * 2 ** -24;
  return mu / (1 - mu);
}

/**
 * A margin for the float64 arithmetic of the bounds themselves (errors around 1e-16
 * of the magnitudes involved): far below any real difference between distances.
 */
export const ARITHMETIC_SLACK = 1e-9;

/**
 * |x·y − approximate| ≤ the returned bound, where approximate = s·t·(c·p) for a row
 * quantised as (s, ‖s·c‖ = rowCodeNorm, ‖e‖ = rowErrorNorm) and a query as (t, ‖f‖ =
 * queryErrorNorm), and x·y is the exact real dot product.
 */
export function dotErrorBound(
  rowCodeNorm: number,
  rowErrorNorm: number,
  queryErrorNorm: number,
  queryNorm: number,
): number {
  return rowCodeNorm * queryErrorNorm + rowErrorNorm * queryNorm;
}
