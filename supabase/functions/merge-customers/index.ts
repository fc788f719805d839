// merge-customers (docs/product.md §11): keeps one customer, moves the duplicate's orders to it
// and deletes the duplicate — one transaction in rpc('merge_customers'), run as the
// caller so RLS and the audit log see them. Needs customers `edit` and `delete`;
// refused (OPSDESK_STALE) if either customer changed since the pair was shown; the merge's own
// rules keep their codes (OPSDESK_RULE with app.refuse's rule code: _shared/errors.ts).
import { authorize, serveStaffCalls } from "../_shared/access.ts";
import { databaseRefusal, HttpError } from "../_shared/errors.ts";
import { json } from "../_shared/http.ts";

interface Side {
  id: string;
  version: number;
}

function side(value: unknown, name: string): Side {
  const v = value as Partial<Side> | null;
  if (!v || typeof v.id !== "string" || typeof v.version !== "number") {
    throw new HttpError("OPSDESK_BAD_REQUEST", `${name} must be {id, version} of a customer.`, { field: name });
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
    const refused = databaseRefusal(error);
    if (refused) throw refused;
    // A raise without a rule code (the caller's own mistake): as written, still coded.
    if (error.code === "P0001") throw new HttpError("OPSDESK_BAD_REQUEST", error.message);
    throw new Error(`merge_customers: ${error.code} ${error.message}`);
  }
  return json(200, data);
});
