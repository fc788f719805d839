// Runs one action per selected row, a few at a time, and reports each row's outcome:
// one row's failure (still referenced, forbidden, stale) does not stop the others.
export interface BulkFailure<K> {
  id: K;
  message: string;
}

export interface BulkOutcome<K> {
  succeeded: K[];
  failed: BulkFailure<K>[];
}

export async function runBulk<K>(ids: K[], action: (id: K) => Promise<void>, concurrency = 4): Promise<BulkOutcome<K>> {
  const results: ({ ok: true } | { ok: false; message: string })[] = new Array(ids.length);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const index = next++;
      try {
        await action(ids[index]);
        results[index] = { ok: true };
      } catch (error) {
        results[index] = { ok: false, message: (error as Error).message ?? String(error) };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
  // In selection order, whatever order the requests finished in.
  const outcome: BulkOutcome<K> = { succeeded: [], failed: [] };
  ids.forEach((id, index) => {
    const result = results[index];
    if (result.ok) outcome.succeeded.push(id);
    else outcome.failed.push({ id, message: result.message });
  });
  return outcome;
}
