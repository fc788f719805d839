// What several of the demo's overrides say alike about a column (src/schema/merge.ts merges
// each over the generated field): the demo's label, and its rule in plain words.

export const idField = { name: "id", label: "ID", type: "id" } as const;

export const createdAt = { name: "created_at", label: "Created" } as const;

export const updatedAt = { name: "updated_at", label: "Updated" } as const;

/** The row version the database bumps on every write (optimistic concurrency): shown, never sent. */
export const versionField = { name: "version", label: "Version", readOnly: true } as const;

export const notesField = (maxLength: number) =>
  ({ name: "notes", label: "Notes", rule: `Notes must be at most ${maxLength} characters.` }) as const;
