// Enum options follow the generated enum and each carries its label and colour.
import { describe, expect, it } from "vitest";
import { consoleResources, getResource } from ".";
import { Constants } from "./database.types";

const enumField = (fields: { name: string; options?: readonly string[] }[], name: string) =>
  fields.find((f) => f.name === name);

describe("enum options", () => {
  it("take the database enum's values in its order", () => {
    expect(enumField(getResource("orders").fields, "status")?.options).toEqual(Constants.public.Enums.order_status);
    expect(enumField(getResource("products").fields, "status")?.options).toEqual(Constants.public.Enums.product_status);
  });

  it("style every option of every enum field of the demo (its overrides give each its colour)", () => {
    for (const def of consoleResources().menu) {
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
