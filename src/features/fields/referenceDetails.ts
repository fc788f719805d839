// The second line of a picker's choice: the referenced record's detail columns
// (ReferenceTarget.details), formatted by their field types, joined by " · ".
import type { BaseRecord } from "@refinedev/core";
import type { Formats } from "../../lib/format";
import type { ResourceMeta } from "../../lib/resourceMeta";
import { idColumnOf, metaFor } from "../../lib/select";
import { findResource } from "../../resources";
import type { ReferenceTarget } from "../../resources/types";
import { pgrstName } from "../../schema/names";

/** The columns a picker reads of each referenced record. */
export const pickerSelect = (target: ReferenceTarget) =>
  [...new Set([target.valueField ?? "id", target.labelField, ...(target.details ?? [])])].map(pgrstName).join(",");

/**
 * The provider meta of a picker's reads: the referenced resource's own (its table and key, for
 * a resource generated from the live schema) with the picker's columns, keyed by the referenced
 * column. Sorted by those columns themselves: the list's aliases (a reference by its embedded
 * label) need embeds the picker's select does not make.
 */
export function pickerMeta(target: ReferenceTarget): ResourceMeta {
  const def = findResource(target.resource);
  const select = pickerSelect(target);
  if (!def?.table) return { select };
  return {
    ...metaFor(def),
    select,
    sortBy: undefined,
    idColumnName: target.valueField ?? idColumnOf(def),
    keyColumns: undefined,
  };
}

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
