// Exact k-nearest-neighbour search over one index held in memory. Postgres is the
// durable store (store.ts); this is a copy of an index's vectors in WebAssembly
// memory, searched by the SIMD kernels in kernel.wat. Every query first scans an
// int8 copy of every row (a quarter of the float32 rows' 150 MB for 100 000 × 384),
// which bounds each row's distance (quantise.ts); only rows that can still enter
// the top k are then measured in float32. No approximation: the result is the one a
// full float32 scan gives, and the metadata filter decides which rows may enter the
// top k, so a filter never starves the result.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ARITHMETIC_SLACK, dotErrorBound, kernelRounding, quantise, queryCodeMax, ROW_CODE_MAX } from "./quantise.js";

export type DistanceMetric = "cosine" | "euclidean";
export type Metadata = Record<string, unknown>;

export interface Neighbour {
  key: string;
  distance: number;
  metadata: Metadata;
}

interface Kernel {
  dot(rows: number, n: number, stride: number, query: number, out: number): void;
  l2sq(rows: number, n: number, stride: number, query: number, out: number): void;
  dot_i8(rows: number, n: number, strideBytes: number, query: number, out: number): void;
}

const KERNEL_SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), "kernel.wat");
const PAGE = 65536;
let compiled: Promise<WebAssembly.Module> | undefined;

/** The kernel, compiled from its text once per process. */
function kernelModule(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    // wabt is large: loaded when the first index is searched, not at start-up.
    const { default: initWabt } = await import("wabt");
    const wabt = await initWabt();
    const parsed = wabt.parseWat("kernel.wat", readFileSync(KERNEL_SOURCE, "utf8"), { simd: true });
    try {
      return await WebAssembly.compile(new Uint8Array(parsed.toBinary({}).buffer));
    } finally {
      parsed.destroy();
    }
  })();
  return compiled;
}

/** Euclidean norm in float64 (the cosine denominator). */
export function norm(vector: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i] * vector[i];
  return Math.sqrt(sum);
}

/** One WebAssembly memory and its kernel: `capacity` rows of `rowBytes`, then a query, then 32 bits of output per row. */
class RowMemory {
  capacity = 0;

  private constructor(
    readonly kernel: Kernel,
    private readonly memory: WebAssembly.Memory,
    readonly rowBytes: number,
    private readonly queryBytes: number,
  ) {}

  static async create(rowBytes: number, queryBytes: number): Promise<RowMemory> {
    const memory = new WebAssembly.Memory({ initial: 1 });
    const instance = await WebAssembly.instantiate(await kernelModule(), { env: { memory } });
    return new RowMemory(instance.exports as unknown as Kernel, memory, rowBytes, queryBytes);
  }

  /** Changes identity when the memory grows: take views after any growth. */
  get buffer(): ArrayBuffer {
    return this.memory.buffer;
  }

  get queryAt(): number {
    return this.capacity * this.rowBytes;
  }

  get outAt(): number {
    return this.queryAt + this.queryBytes;
  }

  /** Room for `capacity` rows and the scratch space behind them; rows stay where they are. */
  grow(capacity: number): void {
    const missing = capacity * (this.rowBytes + 4) + this.queryBytes - this.memory.buffer.byteLength;
    if (missing > 0) this.memory.grow(Math.ceil(missing / PAGE));
    this.capacity = capacity;
  }

  move(from: number, to: number): void {
    new Uint8Array(this.memory.buffer).copyWithin(to * this.rowBytes, from * this.rowBytes, (from + 1) * this.rowBytes);
  }
}

/** The k smallest distances offered so far, with their rows, in ascending order (k ≤ 100); ties keep the earlier row. */
class Nearest {
  readonly distances: number[] = [];
  readonly rows: number[] = [];
  /** The k-th smallest distance: a row must beat it to enter. */
  worst = Number.POSITIVE_INFINITY;

  constructor(private readonly k: number) {}

  offer(distance: number, row: number): void {
    if (!(distance < this.worst)) return;
    let at = this.distances.length;
    while (at > 0 && this.distances[at - 1] > distance) at--;
    this.distances.splice(at, 0, distance);
    this.rows.splice(at, 0, row);
    if (this.distances.length > this.k) {
      this.distances.pop();
      this.rows.pop();
    }
    if (this.distances.length === this.k) this.worst = this.distances[this.k - 1];
  }
}

/**
 * Per-row numbers in `MemoryIndex.stats`: the float64 norm, then the row's
 * quantisation; for cosine divided by the norm (the quantisation of the unit row),
 * which spares the scan a division per row.
 */
const NORM = 0;
const SCALE = 1;
const CODE_NORM = 2;
const ERROR_NORM = 3;
const STATS = 4;

export class MemoryIndex {
  private count = 0;
  private readonly keys: string[] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly metadata: Metadata[] = [];
  private stats = new Float64Array(0);
  /** Scratch of the int8 pass: rows that may enter the top k, and the lower end of their distance. */
  private candidates = new Int32Array(0);
  private candidateLow = new Float64Array(0);
  private candidateCount = 0;
  /** How many rows the last search measured in float32 (the int8 pass ruled out the rest). */
  reranked = 0;
  private readonly rounding: number;

  private constructor(
    readonly dimension: number,
    readonly metric: DistanceMetric,
    /** Float32 rows, `floatStride` floats each (the dimension rounded up to 4 lanes). */
    private readonly floats: RowMemory,
    private readonly floatStride: number,
    /** Int8 codes, `codeStride` bytes each (the dimension rounded up to 16 lanes). */
    private readonly codes: RowMemory,
    private readonly codeStride: number,
  ) {
    this.rounding = kernelRounding(floatStride);
  }

  static async create(dimension: number, metric: DistanceMetric): Promise<MemoryIndex> {
    const floatStride = Math.ceil(dimension / 4) * 4;
    const codeStride = Math.ceil(dimension / 16) * 16;
    const floats = await RowMemory.create(floatStride * 4, floatStride * 4);
    const codes = await RowMemory.create(codeStride, codeStride * 2);
    return new MemoryIndex(dimension, metric, floats, floatStride, codes, codeStride);
  }

  get size(): number {
    return this.count;
  }

  upsert(key: string, vector: Float32Array, metadata: Metadata): void {
    let slot = this.slotOf.get(key);
    if (slot === undefined) {
      slot = this.count++;
      this.reserve(this.count);
      this.slotOf.set(key, slot);
      this.keys[slot] = key;
    }
    const row = new Float32Array(this.floats.buffer, slot * this.floats.rowBytes, this.floatStride);
    row.fill(0);
    row.set(vector);
    const codes = new Int8Array(this.codes.buffer, slot * this.codeStride, this.codeStride);
    codes.fill(0);
    const quantised = quantise(vector, ROW_CODE_MAX, codes);
    const at = slot * STATS;
    const rowNorm = norm(vector);
    const unit = this.metric === "cosine" ? rowNorm : 1;
    this.stats[at + NORM] = rowNorm;
    this.stats[at + SCALE] = quantised.scale / unit;
    this.stats[at + CODE_NORM] = quantised.codeNorm / unit;
    this.stats[at + ERROR_NORM] = quantised.errorNorm / unit;
    this.metadata[slot] = metadata;
  }

  remove(key: string): void {
    const slot = this.slotOf.get(key);
    if (slot === undefined) return;
    // The last row moves into the hole, so rows stay contiguous for the scan.
    const last = --this.count;
    this.slotOf.delete(key);
    if (slot !== last) {
      this.floats.move(last, slot);
      this.codes.move(last, slot);
      this.stats.copyWithin(slot * STATS, last * STATS, (last + 1) * STATS);
      const moved = this.keys[last];
      this.keys[slot] = moved;
      this.slotOf.set(moved, slot);
      this.metadata[slot] = this.metadata[last];
    }
    this.keys.length = this.count;
    this.metadata.length = this.count;
  }

  /**
   * The `topK` rows nearest to `query` among those `accept` lets through, closest
   * first: cosine distance (1 − cosine similarity) or L2 distance, as a float32 scan
   * of every row computes them.
   */
  search(query: Float32Array, topK: number, accept?: (metadata: Metadata) => boolean): Neighbour[] {
    if (this.count === 0) return [];
    const queryNorm = norm(query);
    const threshold = this.int8Pass(query, queryNorm, topK, accept);
    const floats = this.floats;
    const queryRow = new Float32Array(floats.buffer, floats.queryAt, this.floatStride);
    queryRow.fill(0);
    queryRow.set(query);
    const out = new Float32Array(floats.buffer, floats.outAt, 1);
    const cosine = this.metric === "cosine";
    const nearest = new Nearest(topK);
    let reranked = 0;
    // Candidates are in row order, so ties resolve as in a full scan.
    for (let i = 0; i < this.candidateCount; i++) {
      if (this.candidateLow[i] > threshold) continue;
      const row = this.candidates[i];
      reranked++;
      if (cosine) {
        floats.kernel.dot(row * floats.rowBytes, 1, this.floatStride, floats.queryAt, floats.outAt);
        nearest.offer(1 - out[0] / (this.stats[row * STATS + NORM] * queryNorm), row);
      } else {
        floats.kernel.l2sq(row * floats.rowBytes, 1, this.floatStride, floats.queryAt, floats.outAt);
        nearest.offer(Math.sqrt(out[0]), row);
      }
    }
    this.reranked = reranked;
    return nearest.rows.map((row, i) => ({
      key: this.keys[row],
      distance: nearest.distances[i],
      metadata: this.metadata[row],
    }));
  }

  /**
   * Scans the int8 codes of every row and keeps as candidates the accepted rows whose
   * distance can be at most the threshold it returns: the k-th smallest upper bound
   * among accepted rows. Any other row is farther than k accepted rows are.
   */
  private int8Pass(
    query: Float32Array,
    queryNorm: number,
    topK: number,
    accept?: (metadata: Metadata) => boolean,
  ): number {
    const n = this.count;
    const codes = this.codes;
    const queryCodes = new Int16Array(codes.buffer, codes.queryAt, this.codeStride);
    queryCodes.fill(0);
    const q = quantise(query, queryCodeMax(this.codeStride), queryCodes);
    codes.kernel.dot_i8(0, n, this.codeStride, codes.queryAt, codes.outAt);
    const products = new Int32Array(codes.buffer, codes.outAt, n);
    const stats = this.stats;
    const metadata = this.metadata;
    const candidates = this.candidates;
    const candidateLow = this.candidateLow;
    const upper = new Nearest(topK);
    let count = 0;
    // Cosine works on unit rows and the unit query: similarity = x·y / (‖x‖·‖y‖).
    const cosine = this.metric === "cosine";
    const queryUnit = cosine ? queryNorm : 1;
    const queryScale = q.scale / queryUnit;
    const queryError = q.errorNorm / queryUnit;
    const queryLength = queryNorm / queryUnit;
    const rounding = this.rounding;
    const queryNormSquared = queryNorm * queryNorm;
    let worst = upper.worst;
    for (let row = 0; row < n; row++) {
      const at = row * STATS;
      const rowNorm = stats[at + NORM];
      const dot = stats[at + SCALE] * queryScale * products[row];
      // Cauchy–Schwarz on both quantisation errors, plus the float32 kernel's rounding.
      const bound =
        dotErrorBound(stats[at + CODE_NORM], stats[at + ERROR_NORM], queryError, queryLength) +
        (rounding + ARITHMETIC_SLACK) * (cosine ? 1 : rowNorm * queryNorm);
      let low: number;
      let high: number;
      if (cosine) {
        low = 1 - dot - bound;
        if (low > worst) continue;
        high = 1 - dot + bound;
      } else {
        // ‖x − y‖² = ‖x‖² + ‖y‖² − 2·x·y; the kernel's sum is within a relative `rounding` of it.
        const squares = rowNorm * rowNorm + queryNormSquared;
        const slack = ARITHMETIC_SLACK * squares;
        low = Math.sqrt(Math.max(0, (squares - 2 * (dot + bound)) * (1 - rounding) - slack));
        if (low > worst) continue;
        high = Math.sqrt((squares - 2 * (dot - bound)) * (1 + rounding) + slack);
      }
      if (accept && !accept(metadata[row])) continue;
      candidates[count] = row;
      candidateLow[count++] = low;
      upper.offer(high, row);
      worst = upper.worst;
    }
    this.candidateCount = count;
    return worst;
  }

  /** Room for `rows` rows in both memories and the per-row arrays. */
  private reserve(rows: number): void {
    if (rows <= this.floats.capacity) return;
    const capacity = Math.max(rows, Math.ceil(this.floats.capacity * 1.5), 64);
    this.floats.grow(capacity);
    this.codes.grow(capacity);
    const stats = new Float64Array(capacity * STATS);
    stats.set(this.stats);
    this.stats = stats;
    this.candidates = new Int32Array(capacity);
    this.candidateLow = new Float64Array(capacity);
  }
}
