// similar (docs/product.md §11): for the product show page, the products nearest to one
// product (needs products `show`); for the customer create form, existing
// customers whose name and e-mail come close to what is being typed (needs
// customers `list`). Records are read as the caller.
import { authorize, serveStaffCalls } from "../_shared/access.ts";
import { serviceClient } from "../_shared/clients.ts";
import { customerFields, embedFields } from "../_shared/embedding.ts";
import { HttpError, json } from "../_shared/http.ts";
import { nearest, thresholdOf } from "../_shared/neighbours.ts";
import { type ProductRecord, SHAPES } from "../_shared/vectors.ts";

const PRODUCTS = 5;
const CUSTOMERS = 5;
serveStaffCalls(async ({ caller, body }) => {
  const service = serviceClient();

  if (body.resource === "products") {
    if (typeof body.id !== "number") throw new HttpError("OPSDESK_BAD_REQUEST", "id must be a product id.");
    await authorize(caller, "products", ["show"]);
    const { data: product, error } = await caller
      .from("products")
      .select(SHAPES.products.select)
      .eq("id", body.id)
      .maybeSingle();
    if (error) throw new Error(error.message);
    if (!product) throw new HttpError("OPSDESK_NOT_FOUND", "This product no longer exists.");
    const found = await nearest(
      service,
      "products",
      embedFields(SHAPES.products.fields(product as unknown as ProductRecord)),
      PRODUCTS + 1,
    );
    const others = found.filter((n) => n.key !== String(body.id)).slice(0, PRODUCTS);
    const { data: rows } = await caller
      .from("products")
      .select("id, name, sku")
      .in(
        "id",
        others.map((n) => Number(n.key)),
      );
    const byId = new Map((rows ?? []).map((r) => [String(r.id), r]));
    return json(200, {
      similar: others.flatMap((n) => (byId.has(n.key) ? [{ ...byId.get(n.key), similarity: n.similarity }] : [])),
    });
  }

  if (body.resource === "customers") {
    const fullName = typeof body.full_name === "string" ? body.full_name : "";
    const email = typeof body.email === "string" ? body.email : "";
    if (!fullName.trim() && !email.trim()) throw new HttpError("OPSDESK_BAD_REQUEST", "full_name or email is needed.");
    await authorize(caller, "customers", ["list"]);
    const min = thresholdOf(body.threshold);
    const found = (
      await nearest(service, "customers", embedFields(customerFields({ full_name: fullName, email })), CUSTOMERS)
    ).filter((n) => n.similarity >= min);
    const { data: rows } = found.length
      ? await caller
          .from("customers")
          .select("id, full_name, email")
          .in(
            "id",
            found.map((n) => n.key),
          )
      : { data: [] };
    const byId = new Map((rows ?? []).map((r) => [r.id as string, r]));
    return json(200, {
      matches: found.flatMap((n) => (byId.has(n.key) ? [{ ...byId.get(n.key), similarity: n.similarity }] : [])),
    });
  }
  throw new HttpError("OPSDESK_BAD_REQUEST", 'resource must be "products" or "customers".');
});
