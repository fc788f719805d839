// Helpers for specs with two operators at once: a signed-in page per role in its own
// browser context, and a product of the test's own.
import type { Page } from "@playwright/test";
import { insertRow, serviceClient } from "./backend";
import { emailOf, type Role, unique } from "./helpers";
import { signedInAs } from "./world";

/** A fresh product only this test touches, found by a search word of its own. */
export async function productOfMyOwn() {
  const word = `zq${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const { data: category } = await serviceClient().from("categories").select("id").limit(1).single();
  const product = await insertRow<{ id: number; name: string }>("products", {
    sku: unique("LIVE"),
    name: `Live lamp ${word}`,
    price: 10,
    stock: 5,
    category_id: category?.id,
  });
  return { ...product, word };
}

/** Another operator: a page in a browser context signed in as `role`. */
export function operator(role: Role): Promise<Page> {
  return signedInAs(emailOf(role));
}
