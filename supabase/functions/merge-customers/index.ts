// merge-customers (docs/product.md §11): keeps one customer, moves the duplicate's orders to it
// and deletes the duplicate — one transaction in rpc('merge_customers'), run as the
// caller so RLS and the audit log see them. Needs customers `edit` and `delete`;
// refused with a clear message if either customer changed since the pair was shown.
import { authorize, FORBIDDEN, serveStaffCalls } from "../_shared/access.ts";
import { HttpError, json } from "../_shared/http.ts";

interface Side {
  id: string;
  version: number;
}

function side(value: unknown, name: string): Side {
  const v = value as Partial<Side> | null;
  if (!v || typeof v.id !== "string" || typeof v.version !== "number") {
    throw new HttpError(400, `${name} must be {id, version} of a customer.`);
  }
  return { id: v.id, version: v.version };
}

serveStaffCalls(async ({ caller, body }) => {
  const keep = side(body.keep, "keep");
  const duplicate = side(body.duplicate, "duplicate");
  await authorize(caller, "customers", ["edit", "delete"]);
  const { data, error } = await caller.rpc("merge_customers", {
    keep_id: keep.id,
    keep_version: keep.version,
    duplicate_id: duplicate.id,
    duplicate_version: duplicate.version,
  });
  if (error) {
    if (error.code === "PT409") throw new HttpError(409, error.message);
    if (error.code === "42501") throw new HttpError(403, FORBIDDEN);
    if (error.code === "P0001") throw new HttpError(400, error.message);
    throw new Error(`merge_customers: ${error.code} ${error.message}`);
  }
  return json(200, data);
});
