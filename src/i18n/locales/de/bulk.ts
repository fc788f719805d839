export default {
  "bulk.toolbar": "Ausgewählte Zeilen",
  "bulk.selected": "{{count}} ausgewählt",
  "bulk.deleteSelected": "Auswahl löschen",
  "bulk.deleteConfirm": "{{count}} Zeilen löschen?",
  "bulk.delete": "Löschen",
  "bulk.cancel": "Abbrechen",
  "bulk.setField": "{{field}} setzen",
  "bulk.exportSelected": "Auswahl exportieren",
  "bulk.clear": "Auswahl aufheben",
  "bulk.updated": "{{count}} geändert",
  "bulk.partly": "{{done}}, {{count}} fehlgeschlagen:",
};
