// Pickers tell same-named records apart by a second line: the customer's e-mail, the
// product's SKU and price.
import { describe, expect, it } from "vitest";
import { formatsFor } from "../lib/format";
import { orderItems } from "../resources/order_items";
import { orders } from "../resources/orders";
import type { ReferenceTarget } from "../resources/types";
import { detailLine, pickerSelect } from "./referenceDetails";

const targetOf = (fields: { name: string; reference?: ReferenceTarget }[], name: string) => {
  const target = fields.find((f) => f.name === name)?.reference;
  if (!target) throw new Error(`no reference ${name}`);
  return target;
};

describe("a picker's second line", () => {
  const customer = targetOf(orders.fields, "customer_id");
  const product = targetOf(orderItems.fields, "product_id");

  it("reads the detail columns with the label", () => {
    expect(pickerSelect(customer)).toBe("id,full_name,email");
    expect(pickerSelect(product)).toBe("id,name,sku,price");
  });

  it("shows a customer's e-mail and a product's SKU and formatted price", () => {
    const english = formatsFor("en", "USD");
    expect(detailLine(customer, { id: "c1", full_name: "Amir Haddad", email: "amir@example.com" }, english)).toBe(
      "amir@example.com",
    );
    expect(detailLine(product, { id: 4, name: "Mug", sku: "MUG-1", price: 1234.5 }, english)).toBe("MUG-1 · $1,234.50");
    expect(detailLine(product, { id: 4, name: "Mug", sku: "MUG-1", price: null }, english)).toBe("MUG-1");
    expect(detailLine(product, undefined, english)).toBe("");
  });

  it("writes the price as the operator's language does, in the store's currency", () => {
    const german = formatsFor("de", "EUR");
    // Intl separates amount and sign by a no-break space.
    expect(detailLine(product, { id: 4, name: "Mug", sku: "MUG-1", price: 1234.5 }, german)).toBe(
      "MUG-1 · 1.234,50\u00a0€",
    );
  });
});
