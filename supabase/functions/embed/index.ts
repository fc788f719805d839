// embed (docs/product.md §11): called by the database, never by the console. Each request is a
// batch of queued jobs ({resource, id, seq}) sent by app.process_embeddings through
// pg_net; the function reads the records, embeds their text and writes the vectors
// (a record that no longer exists loses its vector), then clears the jobs. Only the
// service key may call it.

import { serviceClient } from "../_shared/clients.ts";
import { HttpError, handleErrors, json, readJsonObject } from "../_shared/http.ts";
import { type EmbeddedResource, embedder, ensureIndexes, indexOf, RESOURCES, SHAPES } from "../_shared/vectors.ts";

interface Job {
  resource: EmbeddedResource;
  id: string;
  seq: number;
}

function parseJobs(body: Record<string, unknown>): Job[] {
  const jobs = body.jobs;
  const valid =
    Array.isArray(jobs) &&
    jobs.every((j) => j && RESOURCES.includes(j.resource) && typeof j.id === "string" && typeof j.seq === "number");
  if (!valid) throw new HttpError("OPSDESK_BAD_REQUEST", "Expected {jobs: [{resource, id, seq}]}.");
  return jobs as Job[];
}

Deno.serve((req: Request) =>
  handleErrors(async () => {
    if (req.headers.get("Authorization") !== `Bearer ${Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")}`) {
      throw new HttpError("OPSDESK_FORBIDDEN", "Only the database calls embed.");
    }
    const jobs = parseJobs(await readJsonObject(req));
    const service = serviceClient();
    await ensureIndexes(service);
    const counts = { embedded: 0, deleted: 0 };
    for (const resource of RESOURCES) {
      const ids = jobs.filter((j) => j.resource === resource).map((j) => j.id);
      if (!ids.length) continue;
      const shape = SHAPES[resource];
      const { data, error } = await service.from(resource).select(shape.select).in("id", ids);
      if (error) throw new Error(`reading ${resource}: ${error.message}`);
      // biome-ignore lint/suspicious/noExplicitAny: the row type is the shape's
      const records = (data ?? []) as any[];
      const index = indexOf(service, resource);
      if (records.length) {
        const vectors = await embedder.embed(records.map((r) => shape.fields(r)));
        const put = await index.putVectors({
          vectors: records.map((r, i) => ({
            key: String(r.id),
            data: { float32: vectors[i] },
            metadata: shape.metadata(r),
          })),
        });
        if (put.error) throw put.error;
      }
      const present = new Set(records.map((r) => String(r.id)));
      const gone = ids.filter((id) => !present.has(id));
      if (gone.length) {
        const removed = await index.deleteVectors({ keys: gone });
        if (removed.error) throw removed.error;
      }
      counts.embedded += records.length;
      counts.deleted += gone.length;
    }
    const done = await service.rpc("complete_embedding_jobs", { jobs });
    if (done.error) throw new Error(`complete_embedding_jobs: ${done.error.message}`);
    return json(200, counts);
  }),
);
