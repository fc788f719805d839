// The possible duplicates among many records, from their vectors in one pass
// (docs/vectors.md "Possible duplicates"): every pair at least `threshold` alike, each
// kept when the other record is among the first `perRecord` neighbours of either. The
// same answer as one topK query per record (what `duplicates` did before), without a
// request per record: the vectors come from one listing and are compared here, as
// rows of one buffer (a float64 dot product, four lanes at a time).
/** A cosine similarity as the functions report it: rounded to 3 places. */
export const round = (value: number) => Math.round(value * 1000) / 1000;

export interface KeyedVector {
  key: string;
  vector: number[];
}

export interface ClosePair {
  a: string;
  b: string;
  similarity: number;
}

/** Cosine similarity (rounded like the index's 1 − distance) of every pair ≥ threshold, best neighbours per record. */
export function closePairs(records: KeyedVector[], threshold: number, perRecord: number): ClosePair[] {
  const n = records.length;
  const dim = records[0]?.vector.length ?? 0;
  const rows = new Float64Array(n * dim);
  records.forEach((r, i) => {
    let norm = 0;
    for (const x of r.vector) norm += x * x;
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let d = 0; d < dim; d++) rows[i * dim + d] = r.vector[d] * scale;
  });
  // Each record's best `perRecord` neighbours at or above the threshold, as [similarity, index].
  const best: Array<Array<[number, number]>> = records.map(() => []);
  const offer = (i: number, j: number, similarity: number) => {
    const list = best[i];
    if (list.length === perRecord && list[perRecord - 1][0] >= similarity) return;
    list.push([similarity, j]);
    list.sort((x, y) => y[0] - x[0]);
    if (list.length > perRecord) list.pop();
  };
  for (let i = 0; i < n; i++) {
    const a = i * dim;
    for (let j = i + 1; j < n; j++) {
      const b = j * dim;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let d = 0;
      for (; d + 3 < dim; d += 4) {
        s0 += rows[a + d] * rows[b + d];
        s1 += rows[a + d + 1] * rows[b + d + 1];
        s2 += rows[a + d + 2] * rows[b + d + 2];
        s3 += rows[a + d + 3] * rows[b + d + 3];
      }
      for (; d < dim; d++) s0 += rows[a + d] * rows[b + d];
      const similarity = round(s0 + s1 + s2 + s3);
      if (similarity < threshold) continue;
      offer(i, j, similarity);
      offer(j, i, similarity);
    }
  }
  const pairs = new Map<string, ClosePair>();
  best.forEach((list, i) => {
    for (const [similarity, j] of list) {
      const [a, b] = [records[i].key, records[j].key].sort();
      pairs.set(`${a}|${b}`, { a, b, similarity });
    }
  });
  return [...pairs.values()];
}
