// Field shapes several resources share, so their rules are written once.
import type { FieldDefinition } from "./types";

/** A column many tables have, referencing nothing: fits any definition of a table holding it. */
type SharedField<Column extends string> = FieldDefinition<Column, never>;

export const idField = (label = "ID"): SharedField<"id"> => ({ name: "id", label, type: "id", readOnly: true });

export const createdAt: SharedField<"created_at"> = {
  name: "created_at",
  label: "Created",
  type: "datetime",
  readOnly: true,
};
export const updatedAt: SharedField<"updated_at"> = {
  name: "updated_at",
  label: "Updated",
  type: "datetime",
  readOnly: true,
};

export const notesField = (maxLength: number): SharedField<"notes"> => ({
  name: "notes",
  label: "Notes",
  type: "longText",
  maxLength,
  rule: `Notes must be at most ${maxLength} characters.`,
});
