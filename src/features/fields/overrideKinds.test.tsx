// A field kind replaced in the override registry (src/overrides.tsx) renders every field of that
// kind, and only its renderer or input: the rest of the kind (filter, conversions) stays the type map's.
import { afterEach, describe, expect, it } from "vitest";
import type { FieldDefinition } from "../../resources/types";
import { FIELD_KINDS, inputFor, kindOf, overrideKinds, renderField } from "./fieldKinds";

const price: FieldDefinition = { name: "price", label: "Price", type: "money" };
const name: FieldDefinition = { name: "name", label: "Name", type: "text" };

afterEach(() => overrideKinds({}));

describe("overrideKinds", () => {
  it("renders the fields of an overridden kind with the registry's renderer", () => {
    overrideKinds({ money: { render: (value) => `€ ${String(value)}` } });
    expect(renderField(price, { price: 12 })).toBe("€ 12");
    expect(kindOf(price).filter).toBe(FIELD_KINDS.money.filter);
    expect(inputFor(price)).toEqual(FIELD_KINDS.money.input(price));
    expect(renderField(name, { name: "Pump" })).toBe("Pump");
  });

  it("restores the type map with an empty registry", () => {
    overrideKinds({ text: { render: () => "replaced" } });
    overrideKinds({});
    expect(kindOf(name)).toBe(FIELD_KINDS.text);
  });
});
