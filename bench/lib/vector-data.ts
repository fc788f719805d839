// The vector benchmarks' data, shared so bench/vectors (vector buckets) and bench/pgvector
// (SQL) measure the same vectors and queries against the same brute-force ground truth.

/** Deterministic pseudo-random numbers (mulberry32), so every run measures the same data. */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Unit vectors around `clusters` centres, like embeddings of texts on a few hundred topics. */
export function dataset(count: number, dim: number, clusters: number): Float32Array {
  const rnd = random(42);
  const centres = Array.from({ length: clusters }, () => Array.from({ length: dim }, () => rnd() - 0.5));
  const data = new Float32Array(count * dim);
  for (let i = 0; i < count; i++) {
    const centre = centres[i % clusters];
    const row = data.subarray(i * dim, (i + 1) * dim);
    for (let j = 0; j < dim; j++) row[j] = centre[j] + (rnd() - 0.5) * 0.6;
    const n = Math.hypot(...row);
    for (let j = 0; j < dim; j++) row[j] = Math.round((row[j] / n) * 1e5) / 1e5;
  }
  return data;
}

/** Queries near stored vectors (each a stored vector slightly moved). */
export function queriesNear(data: Float32Array, count: number, dim: number, howMany: number): Float32Array[] {
  const rnd = random(7);
  return Array.from({ length: howMany }, () => {
    const base = data.subarray(Math.floor(rnd() * count) * dim);
    return Float32Array.from({ length: dim }, (_, j) => base[j] + (rnd() - 0.5) * 0.05);
  });
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The baseline: every cosine distance in float64, fully sorted; the indexes of the top `k`. */
export function bruteForce(data: Float32Array, norms: Float64Array, dim: number, q: Float32Array, k: number): number[] {
  const count = norms.length;
  const qn = Math.hypot(...q);
  const scored: { i: number; d: number }[] = new Array(count);
  for (let i = 0; i < count; i++) {
    let dot = 0;
    const o = i * dim;
    for (let j = 0; j < dim; j++) dot += data[o + j] * q[j];
    scored[i] = { i, d: 1 - dot / (norms[i] * qn) };
  }
  scored.sort((a, b) => a.d - b.d);
  return scored.slice(0, k).map((s) => s.i);
}

export function norms(data: Float32Array, count: number, dim: number): Float64Array {
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) out[i] = Math.hypot(...data.subarray(i * dim, (i + 1) * dim));
  return out;
}
