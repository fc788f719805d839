export default {
  "notifications.createError": "{{resource}} konnte nicht angelegt werden",
  "notifications.editError": "{{resource}} konnte nicht gespeichert werden",
  "notifications.deleteError": "{{resource}} konnte nicht gelöscht werden",
  "notifications.error": "Etwas ist schiefgegangen",
  "notifications.close": "Schließen",
  "notifications.createSuccess": "{{resource}} wurde angelegt",
  "notifications.editSuccess": "{{resource}} wurde gespeichert",
  "notifications.deleteSuccess": "{{resource}} wurde gelöscht",
};
