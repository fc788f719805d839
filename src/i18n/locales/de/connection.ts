// When the server does not answer or is slow (src/components/connection/).
export default {
  "connection.down": "Der Server ist nicht erreichbar.",
  "connection.trying": "Neuer Versuch läuft…",
  "connection.nextTry": "Neuer Versuch in {{seconds}} s.",
  "connection.meanwhile": "Was Sie sehen, bleibt; Speichervorgänge warten und werden gesendet, sobald er antwortet.",
  "connection.tryNow": "Jetzt versuchen",
  "connection.waiting": "Warte auf den Server…",
  "connection.screenFailed": "Diese Seite konnte nicht geladen werden.",
  "connection.retry": "Erneut versuchen",
};
