export default {
  "permissions.title": "Berechtigungen",
  "permissions.hint":
    "Was jede Rolle mit jeder Ressource tun darf. Änderungen gelten sofort, in der Datenbank und in der Konsole.",
  "permissions.role": "Rolle",
  "permissions.resource": "Ressource",
  "permissions.retry": "Erneut versuchen",
  "permissions.cell": "{{role}} darf {{resource}}: {{action}}",
  "permissions.action.list": "Liste",
  "permissions.action.show": "Ansehen",
  "permissions.action.create": "Anlegen",
  "permissions.action.edit": "Bearbeiten",
  "permissions.action.delete": "Löschen",
  "permissions.action.export": "Exportieren",
  "permissions.action.import": "Importieren",
};
