// A small pool of worker threads for bcrypt (see bcrypt-worker.mjs). Jobs go to the
// least busy worker; a worker keeps the process alive only while it has jobs.
import os from "node:os";
import { Worker } from "node:worker_threads";

type Job = { resolve: (v: string | boolean) => void; reject: (e: Error) => void };
interface PoolWorker {
  worker: Worker;
  pending: Map<number, Job>;
}

const SIZE = Math.min(4, Math.max(1, os.availableParallelism() - 1));
const workers: PoolWorker[] = [];
let nextId = 0;

function spawn(): PoolWorker {
  const entry: PoolWorker = {
    worker: new Worker(new URL("./bcrypt-worker.mjs", import.meta.url)),
    pending: new Map(),
  };
  entry.worker.on("message", ({ id, result, error }: { id: number; result?: string | boolean; error?: string }) => {
    const job = entry.pending.get(id);
    entry.pending.delete(id);
    if (entry.pending.size === 0) entry.worker.unref();
    if (error !== undefined) job?.reject(new Error(error));
    else if (result !== undefined) job?.resolve(result);
  });
  // A worker that dies fails its jobs and is replaced on the next call.
  entry.worker.on("error", (err) => {
    for (const job of entry.pending.values()) job.reject(err);
    workers.splice(workers.indexOf(entry), 1);
  });
  // Not before the listeners: adding a "message" listener refs the worker's port again (an
  // unref before it left every process that had checked a password unable to exit).
  entry.worker.unref();
  return entry;
}

function run(op: "hash" | "compare", password: string, hashOrCost: string | number): Promise<string | boolean> {
  if (workers.length < SIZE) workers.push(spawn());
  const entry = workers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  const id = nextId++;
  if (entry.pending.size === 0) entry.worker.ref();
  return new Promise((resolve, reject) => {
    entry.pending.set(id, { resolve, reject });
    entry.worker.postMessage({ id, op, password, hashOrCost });
  });
}

export const bcryptHash = (password: string, cost: number) => run("hash", password, cost) as Promise<string>;
export const bcryptCompare = (password: string, hash: string) => run("compare", password, hash) as Promise<boolean>;
