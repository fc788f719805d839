// The second line of a picker's choice: the referenced record's detail columns
// (ReferenceTarget.details), formatted by their field types, joined by " · ".
import type { BaseRecord } from "@refinedev/core";
import type { Formats } from "../lib/format";
import { findResource } from "../resources";
import type { ReferenceTarget } from "../resources/types";

/** The columns a picker reads of each referenced record. */
export const pickerSelect = (target: ReferenceTarget) =>
  [...new Set([target.valueField ?? "id", target.labelField, ...(target.details ?? [])])].join(",");

export function detailLine(target: ReferenceTarget, record: BaseRecord | undefined, format: Formats): string {
  if (!record || !target.details) return "";
  const fields = findResource(target.resource)?.fields ?? [];
  return target.details
    .map((name) => {
      const value = record[name];
      if (value === null || value === undefined || value === "") return "";
      return fields.find((f) => f.name === name)?.type === "money" ? format.money(value) : String(value);
    })
    .filter(Boolean)
    .join(" · ");
}
