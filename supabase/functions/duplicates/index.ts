// duplicates (docs/product.md §11, /customers/duplicates): every pair of customers whose
// vectors are at least `threshold` (default 0.85) alike, closest first, with what
// the operator needs to choose and to merge safely (each customer's version and
// order count). Needs customers `edit` and `delete`, as the screen and the merge do
// (issue 27 A7: any viewer could run it); the customers are read as the caller. The
// vectors are listed once and compared here (_shared/pairs.ts), not queried back one
// request per customer.
import { authorize, serveStaffCalls } from "../_shared/access.ts";
import { serviceClient } from "../_shared/clients.ts";
import { json } from "../_shared/http.ts";
import { thresholdOf } from "../_shared/neighbours.ts";
import { closePairs } from "../_shared/pairs.ts";
import { indexOf } from "../_shared/vectors.ts";

/** Neighbours kept per customer: a customer entered four times still shows every pair. */
const NEIGHBOURS = 4;

async function allCustomerVectors(service: ReturnType<typeof serviceClient>) {
  const out: { key: string; vector: number[] }[] = [];
  let nextToken: string | undefined;
  do {
    const { data, error } = await indexOf(service, "customers").listVectors({
      maxResults: 1000,
      returnData: true,
      nextToken,
    });
    if (error) throw new Error(`listing customers: ${error.message}`);
    for (const v of data.vectors) if (v.data) out.push({ key: v.key, vector: v.data.float32 });
    nextToken = data.nextToken;
  } while (nextToken);
  return out;
}

serveStaffCalls(async ({ caller, body }) => {
  const threshold = thresholdOf(body.threshold);
  await authorize(caller, "customers", ["edit", "delete"]);
  const pairs = closePairs(await allCustomerVectors(serviceClient()), threshold, NEIGHBOURS);
  const ids = [...new Set(pairs.flatMap((p) => [p.a, p.b]))];
  const [customers, orders] = ids.length
    ? await Promise.all([
        caller.from("customers").select("id, full_name, email, country, version, created_at").in("id", ids),
        caller.from("orders").select("customer_id").in("customer_id", ids),
      ])
    : [
        { data: [], error: null },
        { data: [], error: null },
      ];
  if (customers.error || orders.error) throw new Error((customers.error ?? orders.error)?.message);
  const orderCount = new Map<string, number>();
  for (const o of orders.data ?? []) orderCount.set(o.customer_id, (orderCount.get(o.customer_id) ?? 0) + 1);
  const byId = new Map(
    (customers.data ?? []).map((c) => [c.id as string, { ...c, order_count: orderCount.get(c.id) ?? 0 }]),
  );
  const visible = pairs.filter((p) => byId.has(p.a) && byId.has(p.b));
  visible.sort((x, y) => y.similarity - x.similarity || x.a.localeCompare(y.a));
  return json(200, {
    threshold,
    pairs: visible.map((p) => ({ similarity: p.similarity, a: byId.get(p.a), b: byId.get(p.b) })),
  });
});
