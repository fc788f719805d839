// docs/product.md §8's operator messages (src/i18n/messages.ts).
export default {
  "messages.wrongCredentials": "E-Mail oder Passwort ist falsch.",
  "messages.noAccess": "Dieses Konto hat keinen Zugang zu Opsdesk.",
  "messages.sessionEnded": "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.",
  "messages.forbidden": "Dafür fehlt Ihnen die Berechtigung.",
  "messages.stale": "Jemand anderes hat diesen Datensatz geändert. Laden Sie neu, um die Änderungen zu sehen.",
  "messages.staleMerge": "Jemand anderes hat einen dieser Kunden geändert. Laden Sie neu, um die Änderungen zu sehen.",
  "messages.tooManyAttempts": "Zu viele Versuche. Versuchen Sie es in ein paar Minuten erneut.",
  "messages.network": "Der Server ist nicht erreichbar. Neuer Versuch…",
  "messages.unique": "Ein(e) {{resource}} mit diesem Wert für „{{field}}“ existiert bereits.",
  "messages.stillUsed": "Diese(s) {{resource}} wird noch von {{other}} verwendet.",
};
