// Pickers tell same-named records apart by a second line: the customer's e-mail, the
// product's SKU and price.
import { afterEach, describe, expect, it } from "vitest";
import { formatsFor } from "../../lib/format";
import { getResource, setLiveResources } from "../../resources";
import type { ReferenceTarget } from "../../resources/types";
import { demoResources } from "../../schema/demoSchema";
import { generateResources } from "../../schema/generate";
import { column, SAMPLE, table } from "../../schema/testSchema";
import { detailLine, pickerMeta, pickerSelect } from "./referenceDetails";

const orders = getResource("orders");
const orderItems = getResource("order_items");

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

describe("a picker's reads of a generated resource", () => {
  afterEach(async () => setLiveResources(await demoResources()));

  it("sort by the label column itself: the picker's select embeds none of the target's references", () => {
    // A one-to-one table keyed by its reference: its title is the key, a reference on its own pages.
    const orgs = table("public", "organizations", [column("id", "uuid", "uuid"), column("name", "text", "text")]);
    const settings = table(
      "public",
      "org_settings",
      [column("org_id", "uuid", "uuid"), column("seats", "int", "integer")],
      {
        primary_key: ["org_id"],
        foreign_keys: [
          {
            name: "org_settings_org_fkey",
            columns: ["org_id"],
            references: { schema: "public", table: "organizations", columns: ["id"] },
          },
        ],
      },
    );
    const audits = table(
      "public",
      "seat_audits",
      [column("id", "bigint", "integer"), column("org_id", "uuid", "uuid")],
      {
        foreign_keys: [
          {
            name: "seat_audits_org_fkey",
            columns: ["org_id"],
            references: { schema: "public", table: "org_settings", columns: ["org_id"] },
          },
        ],
      },
    );
    const { definitions } = generateResources({ ...SAMPLE, tables: [orgs, settings, audits] });
    setLiveResources(definitions);
    const target = targetOf(definitions[2].fields, "org_id");
    expect(target).toMatchObject({ resource: "org_settings", labelField: "org_id" });
    const meta = pickerMeta(target);
    expect(meta.select).toBe("org_id");
    // On org_settings' own list, org_id sorts by the organisation's name (`__ref_org_id.name`),
    // which only its list's select embeds; the picker's order would be refused by the API.
    expect(meta.sortBy ?? {}).toEqual({});
  });
});
