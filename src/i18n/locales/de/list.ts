// The generated list (src/views/ResourceList.tsx, ListTotal.tsx).
export default {
  "list.totalAbout": "etwa {{total, number}} {{plural}}",
  "list.total": "{{total, number}} {{plural}}",
  "list.search": "{{plural}} durchsuchen",
  "list.loadError": "{{plural}} konnten nicht geladen werden",
  "list.retry": "Erneut versuchen",
  "list.empty": "Keine {{plural}} gefunden.",
  "list.actions": "Aktionen",
  "list.selectRow": "{{title}} auswählen",
};
