// Which file column fills which field: guessed from the header (field name, English or
// translated label, any case and punctuation), then adjustable by the operator.

import { formFields } from "../../lib/select";
import type { FieldDefinition, ResourceDefinition } from "../../resources/types";

/** header → field name, or null for a column the import ignores. */
export type ColumnMapping = Record<string, string | null>;

/** What an import may fill: the fields the forms edit. */
export const importFields = (def: ResourceDefinition): FieldDefinition[] =>
  formFields(def).filter((field) => field.type !== "image" && !field.readOnly);

const normalized = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

export function guessMapping(
  headers: string[],
  fields: FieldDefinition[],
  labelOf: (field: FieldDefinition) => string,
): ColumnMapping {
  const taken = new Set<string>();
  return Object.fromEntries(
    headers.map((header) => {
      const key = normalized(header);
      const field = fields.find(
        (f) => !taken.has(f.name) && [f.name, f.label, labelOf(f)].some((candidate) => normalized(candidate) === key),
      );
      if (field) taken.add(field.name);
      return [header, field?.name ?? null];
    }),
  );
}

export interface MappingProblems {
  /** Required fields no column fills. */
  missing: FieldDefinition[];
  /** Fields more than one column fills. */
  doubled: FieldDefinition[];
}

export function mappingProblems(mapping: ColumnMapping, fields: FieldDefinition[]): MappingProblems {
  const counts = new Map<string, number>();
  for (const name of Object.values(mapping)) if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  return {
    missing: fields.filter((f) => f.required && !counts.has(f.name)),
    doubled: fields.filter((f) => (counts.get(f.name) ?? 0) > 1),
  };
}

export const mappingIsUsable = (problems: MappingProblems) =>
  problems.missing.length === 0 && problems.doubled.length === 0;
