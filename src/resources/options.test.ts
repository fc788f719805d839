// Enum options follow the generated enum and each carries its label and colour.
import { describe, expect, it } from "vitest";
import { auditLog } from "./audit_log";
import { Constants } from "./database.types";
import { orders } from "./orders";
import { products } from "./products";

const enumField = (fields: { name: string; options?: readonly string[] }[], name: string) =>
  fields.find((f) => f.name === name);

describe("enum options", () => {
  it("take the database enum's values in its order", () => {
    expect(enumField(orders.fields, "status")?.options).toEqual(Constants.public.Enums.order_status);
    expect(enumField(products.fields, "status")?.options).toEqual(Constants.public.Enums.product_status);
  });

  it("style every option of every enum field", () => {
    for (const def of [orders, products, auditLog]) {
      for (const field of def.fields.filter((f) => f.type === "enum")) {
        for (const value of field.options ?? []) {
          expect(field.optionStyles?.[value], `${def.name}.${field.name} = ${value}`).toMatchObject({
            label: expect.any(String),
            color: expect.any(String),
          });
        }
      }
    }
  });
});
