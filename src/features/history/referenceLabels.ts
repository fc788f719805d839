// Audit diffs name referenced records by their labels ("Category: Garden"), not their keys
// (issue 14 item 10). The keys a page of entries refers to are gathered per referenced
// table, so each table is asked once per page, not once per row.
import { consoleResources, findResource } from "../../resources";
import type { ReferenceTarget } from "../../resources/types";
import { resourceNameOf } from "../../schema/names";
import { type AuditEntry, entryChanges } from "./diff";

/** Every table some column of the resources of the moment refers to, once each (the first column's label wins). */
export function referenceTargets(): ReferenceTarget[] {
  const { menu, nested } = consoleResources();
  const targets = new Map<string, ReferenceTarget>();
  for (const def of [...menu, ...nested]) {
    for (const field of def.fields) {
      if (field.reference && !targets.has(field.reference.resource))
        targets.set(field.reference.resource, field.reference);
    }
  }
  return [...targets.values()];
}

const blank = (value: unknown) => value === null || value === undefined || value === "";

/** The row an entry is about, as it was last (its new values, or what a delete removed). */
const snapshotOf = (entry: AuditEntry): Record<string, unknown> => entry.new ?? entry.old ?? {};

/**
 * How the audit log names an entry's record (its Record column): by its title, as it was then
 * ("ORD-000123", "Aquarium pump"); a record titled by its bare key (an order line) by the
 * records it refers to ("Aquarium pump · ORD-000123"), whose labels the page resolves.
 */
export function recordTitle(
  entry: AuditEntry,
): { title: string } | { references: { resource: string; key: string }[] } {
  const def = findResource(entry.table_name);
  const snapshot = snapshotOf(entry);
  if (def && def.titleField !== (def.idColumn ?? "id") && !blank(snapshot[def.titleField]))
    return { title: String(snapshot[def.titleField]) };
  const references = (def?.fields ?? []).flatMap((field) =>
    field.reference && !blank(snapshot[field.name])
      ? [{ resource: field.reference.resource, key: String(snapshot[field.name]) }]
      : [],
  );
  return references.length > 0 ? { references } : { title: entry.record_id };
}

/** The keys each referenced table is named by in these entries' changes and titles, without repeats. */
export function referencedKeys(entries: AuditEntry[]): Map<string, string[]> {
  const keys = new Map<string, Set<string>>();
  const add = (table: string, value: unknown) => {
    if (blank(value)) return;
    const set = keys.get(table) ?? new Set<string>();
    set.add(String(value));
    keys.set(table, set);
  };
  for (const entry of entries) {
    for (const change of entryChanges(entry, findResource(entry.table_name))) {
      const target = change.field?.reference?.resource;
      if (!target) continue;
      for (const value of [change.before, change.after]) add(target, value);
    }
    const named = recordTitle(entry);
    if ("references" in named) for (const { resource, key } of named.references) add(resource, key);
  }
  return new Map([...keys].map(([table, set]) => [table, [...set]]));
}

/** Where a referenced record opens, when its table has a page for it. */
export function referencePath(target: ReferenceTarget, key: string): string | undefined {
  const def = findResource(target.resource);
  if (!def || def.screens?.show === false || (target.valueField && target.valueField !== "id")) return undefined;
  return `/${def.route ?? def.name}/${encodeURIComponent(key)}`;
}

/** The resource an entry is about (a table of `public` by its bare name, another schema's as `schema.table`). */
export const entryResource = (entry: AuditEntry): string =>
  resourceNameOf(entry.schema_name ?? "public", entry.table_name);

/**
 * The records a page of entries is about, per resource with a record page, each key once: the
 * audit log reads their titles in one request per table (AuditRecordTitles.tsx), not one per row.
 */
export function entryRecords(entries: AuditEntry[]): Map<string, string[]> {
  const keys = new Map<string, Set<string>>();
  for (const entry of entries) {
    const resource = entryResource(entry);
    const def = findResource(resource);
    if (!def || def.screens?.show === false || blank(entry.record_id)) continue;
    const set = keys.get(resource) ?? new Set<string>();
    set.add(String(entry.record_id));
    keys.set(resource, set);
  }
  return new Map([...keys].map(([resource, set]) => [resource, [...set]]));
}
