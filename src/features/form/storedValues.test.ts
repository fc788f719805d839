// A form's JSON fields are saved as the JSON their text spells (storedValues.ts).
import { describe, expect, it } from "vitest";
import type { ResourceDefinition } from "../../resources/types";
import { storedValues } from "./storedValues";

const def = {
  name: "settings",
  fields: [
    { name: "name", label: "Name", type: "text" },
    { name: "config", label: "Config", type: "json" },
    { name: "computed", label: "Computed", type: "json", readOnly: true },
  ],
} as unknown as ResourceDefinition;

describe("storedValues", () => {
  it("parses an editable JSON field's text and leaves the other fields as typed", () => {
    expect(storedValues(def, { name: " Pump ", config: ' {"a": [1, 2]} ' })).toEqual({
      name: " Pump ",
      config: { a: [1, 2] },
    });
  });

  it("saves an emptied JSON field as null", () => {
    expect(storedValues(def, { config: "   " })).toEqual({ config: null });
  });

  it("leaves a read-only JSON field and a value that is already JSON alone", () => {
    const values = { computed: "{not json", config: { a: 1 } };
    expect(storedValues(def, values)).toBe(values);
  });

  it("refuses text that is not JSON instead of saving it as a string", () => {
    expect(() => storedValues(def, { config: "{a: 1}" })).toThrow(SyntaxError);
  });
});
