// Undoable deletes (src/features/undo).
export default {
  "undo.deleted": "{{name}} gelöscht.",
  "undo.button": "Rückgängig ({{seconds}} s)",
  "undo.count": "{{count}} {{plural}}",
  "undo.refused": "{{name}} konnte nicht gelöscht werden",
  "undo.refusedSome_one": "{{count}} von {{name}} konnte nicht gelöscht werden",
  "undo.refusedSome_other": "{{count}} von {{name}} konnten nicht gelöscht werden",
};
