import { describe, expect, it } from "vitest";
import { formatsFor } from "../../lib/format";
import { findResource } from "../../resources";
import { groupHits, type SearchHit, secondLine } from "./searchHits";

const hit = (
  resource: string,
  id: string,
  title: string,
  details: Record<string, unknown>,
  subtitle = "",
): SearchHit => ({
  resource,
  id,
  title,
  subtitle,
  details,
});

const english = formatsFor("en", "USD", "UTC");
const german = formatsFor("de", "EUR", "UTC");

const HITS = [
  hit("products", "42", "Aquarium Filter", { sku: "PET-0042", price: "19.5", status: "active" }),
  hit("customers", "6c1f", "Amir Haddad", { email: "amir@example.com" }, "amir@example.com"),
  hit("customers", "7d2e", "Amira Nasser", { email: "amira@example.com" }, "amira@example.com"),
  hit("orders", "9a0b", "ORD-000123", { status: "pending", total: 95.5, customer: "Amir Haddad" }),
  // search_all names the audit log as the demo's functions do: the console's is Opsdesk's table.
  hit("audit_log", "77", "products 42", { action: "update", actor_email: "editor@example.com" }),
];

describe("groupHits", () => {
  const groups = groupHits(HITS, findResource, english);

  it("groups the hits by resource in search_all's order, each with its plural", () => {
    expect(groups.map((g) => [g.resource, g.label, g.commands.length])).toEqual([
      ["products", "Products", 1],
      ["customers", "Customers", 2],
      ["orders", "Orders", 1],
      ["opsdesk.audit_log", "Audit log", 1],
    ]);
  });

  it("opens each record's page, the audit log's under its route", () => {
    expect(groups.flatMap((g) => g.commands.map((c) => c.path))).toEqual([
      "/products/42",
      "/customers/6c1f",
      "/customers/7d2e",
      "/orders/9a0b",
      "/opsdesk.audit_log/77",
    ]);
    expect(groups[1].commands[0]).toMatchObject({ kind: "record", label: "Amir Haddad", detail: "amir@example.com" });
  });

  it("leaves out resources the console does not know", () => {
    expect(groupHits([hit("secrets", "1", "x", {})], findResource, english)).toEqual([]);
  });
});

describe("secondLine", () => {
  it("gives the product's SKU and price, the order's status, total and customer", () => {
    const products = findResource("products");
    const orders = findResource("orders");
    if (!products || !orders) throw new Error("demo resources");
    expect(secondLine(HITS[0], products, english)).toBe("PET-0042 · $19.50");
    expect(secondLine(HITS[3], orders, english)).toBe("pending · $95.50 · Amir Haddad");
  });

  it("writes amounts in the operator's language and the store's currency", () => {
    const products = findResource("products");
    if (!products) throw new Error("demo resources");
    expect(secondLine(HITS[0], products, german)).toBe("PET-0042 · 19,50\u00a0€");
  });
});
