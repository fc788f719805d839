// Field shapes several resources share, so their rules are written once.
import type { FieldDefinition } from "./types";

export const idField = (label = "ID"): FieldDefinition => ({ name: "id", label, type: "id", readOnly: true });

export const createdAt: FieldDefinition = { name: "created_at", label: "Created", type: "datetime", readOnly: true };
export const updatedAt: FieldDefinition = { name: "updated_at", label: "Updated", type: "datetime", readOnly: true };

export const notesField = (maxLength: number): FieldDefinition => ({
  name: "notes",
  label: "Notes",
  type: "longText",
  maxLength,
  rule: `Notes must be at most ${maxLength} characters.`,
});
