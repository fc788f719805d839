// Audit diffs name referenced records by their labels ("Category: Garden"), not their keys
// (issue 14 item 10). The keys a page of entries refers to are gathered per referenced
// table, so each table is asked once per page, not once per row.
import { findResource, menuResources, nestedResources } from "../../resources";
import type { ReferenceTarget } from "../../resources/types";
import { type AuditEntry, entryChanges } from "./diff";

/** Every table some audited column refers to, once each (the first column's label wins). */
export const REFERENCE_TARGETS: ReferenceTarget[] = (() => {
  const targets = new Map<string, ReferenceTarget>();
  for (const def of [...menuResources, ...nestedResources]) {
    for (const field of def.fields) {
      if (field.reference && !targets.has(field.reference.resource))
        targets.set(field.reference.resource, field.reference);
    }
  }
  return [...targets.values()];
})();

const blank = (value: unknown) => value === null || value === undefined || value === "";

/** The keys each referenced table is named by in these entries' changes, without repeats. */
export function referencedKeys(entries: AuditEntry[]): Map<string, string[]> {
  const keys = new Map<string, Set<string>>();
  for (const entry of entries) {
    for (const change of entryChanges(entry, findResource(entry.table_name))) {
      const target = change.field?.reference?.resource;
      if (!target) continue;
      const set = keys.get(target) ?? new Set<string>();
      for (const value of [change.before, change.after]) if (!blank(value)) set.add(String(value));
      keys.set(target, set);
    }
  }
  return new Map([...keys].map(([table, set]) => [table, [...set]]));
}

/** Where a referenced record opens, when its table has a page for it. */
export function referencePath(target: ReferenceTarget, key: string): string | undefined {
  const def = findResource(target.resource);
  if (!def || def.screens?.show === false || (target.valueField && target.valueField !== "id")) return undefined;
  return `/${def.route ?? def.name}/${encodeURIComponent(key)}`;
}
