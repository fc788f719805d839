// What a form's values become before they are saved. JSON fields are edited as text (their
// input is a text area), so the value sent is the JSON that text spells, and an emptied one is
// null. Pure, so the conversion is tested without a form (storedValues.test.ts).
import type { ResourceDefinition } from "../../resources/types";

/** `values` as the database stores them: each editable JSON field's text parsed (empty → null). */
export function storedValues(def: ResourceDefinition, values: Record<string, unknown>): Record<string, unknown> {
  const json = def.fields.filter((f) => f.type === "json" && !f.readOnly && typeof values[f.name] === "string");
  if (json.length === 0) return values;
  const out = { ...values };
  for (const field of json) {
    const text = String(values[field.name]).trim();
    out[field.name] = text === "" ? null : JSON.parse(text);
  }
  return out;
}
