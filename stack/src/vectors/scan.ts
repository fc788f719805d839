// Exact k-nearest-neighbour search over one index held in memory. Postgres is the
// durable store (store.ts); this is a copy of an index's vectors in a WebAssembly
// memory, scanned in full by the SIMD kernel in kernel.wat for every query: 100 000
// vectors of 384 dimensions are 150 MB of float32, one pass at memory speed. No
// approximation: every row's distance is computed, and the metadata filter decides
// which rows may enter the top k, so a filter never starves the result.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

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

export class MemoryIndex {
  /** Floats per row: the dimension rounded up to the kernel's 4 lanes. */
  private readonly stride: number;
  private memory: WebAssembly.Memory;
  private capacity = 0;
  private count = 0;
  private readonly keys: string[] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly metadata: Metadata[] = [];
  private readonly norms: number[] = [];

  private constructor(
    readonly dimension: number,
    readonly metric: DistanceMetric,
    private readonly kernel: Kernel,
    memory: WebAssembly.Memory,
  ) {
    this.stride = Math.ceil(dimension / 4) * 4;
    this.memory = memory;
  }

  static async create(dimension: number, metric: DistanceMetric): Promise<MemoryIndex> {
    const memory = new WebAssembly.Memory({ initial: 1 });
    const instance = await WebAssembly.instantiate(await kernelModule(), { env: { memory } });
    return new MemoryIndex(dimension, metric, instance.exports as unknown as Kernel, memory);
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
    const row = new Float32Array(this.memory.buffer, slot * this.stride * 4, this.stride);
    row.fill(0);
    row.set(vector);
    this.metadata[slot] = metadata;
    this.norms[slot] = norm(vector);
  }

  remove(key: string): void {
    const slot = this.slotOf.get(key);
    if (slot === undefined) return;
    // The last row moves into the hole, so rows stay contiguous for the scan.
    const last = --this.count;
    this.slotOf.delete(key);
    if (slot !== last) {
      const floats = new Float32Array(this.memory.buffer);
      floats.copyWithin(slot * this.stride, last * this.stride, (last + 1) * this.stride);
      const moved = this.keys[last];
      this.keys[slot] = moved;
      this.slotOf.set(moved, slot);
      this.metadata[slot] = this.metadata[last];
      this.norms[slot] = this.norms[last];
    }
    this.keys.length = this.count;
    this.metadata.length = this.count;
    this.norms.length = this.count;
  }

  /**
   * The `topK` rows nearest to `query` among those `accept` lets through, closest
   * first: cosine distance (1 − cosine similarity) or L2 distance.
   */
  search(query: Float32Array, topK: number, accept?: (metadata: Metadata) => boolean): Neighbour[] {
    const n = this.count;
    if (n === 0) return [];
    const rowsBytes = this.capacity * this.stride * 4;
    const queryAt = rowsBytes;
    const outAt = queryAt + this.stride * 4;
    this.ensureBytes(outAt + n * 4);
    const queryRow = new Float32Array(this.memory.buffer, queryAt, this.stride);
    queryRow.fill(0);
    queryRow.set(query);
    const out = new Float32Array(this.memory.buffer, outAt, n);
    let distanceOf: (row: number) => number;
    if (this.metric === "cosine") {
      this.kernel.dot(0, n, this.stride, queryAt, outAt);
      const queryNorm = norm(query);
      distanceOf = (row) => 1 - out[row] / (this.norms[row] * queryNorm);
    } else {
      this.kernel.l2sq(0, n, this.stride, queryAt, outAt);
      distanceOf = (row) => Math.sqrt(out[row]);
    }
    return this.nearest(n, topK, distanceOf, accept);
  }

  /** One pass keeping the best k in a small sorted array (k ≤ 100). */
  private nearest(
    n: number,
    topK: number,
    distanceOf: (row: number) => number,
    accept?: (metadata: Metadata) => boolean,
  ): Neighbour[] {
    const bestDistance: number[] = [];
    const bestRow: number[] = [];
    for (let row = 0; row < n; row++) {
      const distance = distanceOf(row);
      if (bestDistance.length === topK && !(distance < bestDistance[topK - 1])) continue;
      if (accept && !accept(this.metadata[row])) continue;
      let at = bestDistance.length;
      while (at > 0 && bestDistance[at - 1] > distance) at--;
      bestDistance.splice(at, 0, distance);
      bestRow.splice(at, 0, row);
      if (bestDistance.length > topK) {
        bestDistance.pop();
        bestRow.pop();
      }
    }
    return bestRow.map((row, i) => ({ key: this.keys[row], distance: bestDistance[i], metadata: this.metadata[row] }));
  }

  /** Room for `rows` rows plus the scan's scratch space (query and one distance per row). */
  private reserve(rows: number): void {
    if (rows <= this.capacity) return;
    const capacity = Math.max(rows, Math.ceil(this.capacity * 1.5), 64);
    this.ensureBytes(capacity * this.stride * 4 + this.stride * 4 + capacity * 4);
    this.capacity = capacity;
  }

  private ensureBytes(bytes: number): void {
    const missing = bytes - this.memory.buffer.byteLength;
    if (missing > 0) this.memory.grow(Math.ceil(missing / PAGE));
  }
}
