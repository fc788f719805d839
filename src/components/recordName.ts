// How notices name a record: its kind and title ("product Aquarium pump"), or the title
// alone where it says the kind itself ("ORD-000123"); never the table name.
import type { BaseRecord } from "@refinedev/core";
import type { ResourceDefinition } from "../resources/types";

/** `def` with labels in the operator's language (useLocalizedDefinition). */
export function recordName(def: ResourceDefinition, record: BaseRecord | undefined, fallbackId?: unknown): string {
  const title = String(record?.[def.titleField] ?? fallbackId ?? "");
  return def.titleSaysKind ? title : `${def.label.singular} ${title}`.trim();
}
