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
  // Joins the last two labels of a list inside a message ("Projekt und Benutzer").
  "messages.and": "und",
  // Per resource (i18next context, src/i18n/messages.ts): the noun with its own article.
  "messages.unique": "Es gibt bereits einen Eintrag ({{resource}}) mit diesem Wert für „{{field}}“.",
  "messages.unique_products": "Ein Produkt mit diesem Wert für „{{field}}“ existiert bereits.",
  "messages.unique_categories": "Eine Kategorie mit diesem Wert für „{{field}}“ existiert bereits.",
  "messages.unique_customers": "Ein Kunde mit diesem Wert für „{{field}}“ existiert bereits.",
  "messages.unique_orders": "Eine Bestellung mit diesem Wert für „{{field}}“ existiert bereits.",
  "messages.unique_order_items": "Eine Bestellposition mit diesem Wert für „{{field}}“ existiert bereits.",
  "messages.unique_staff": "Ein Konto mit diesem Wert für „{{field}}“ existiert bereits.",
  "messages.stillUsed": "Dieser Eintrag ({{resource}}) wird noch verwendet: {{other}}.",
  "messages.stillUsed_products": "Dieses Produkt wird noch verwendet: {{other}}.",
  "messages.stillUsed_categories": "Diese Kategorie wird noch verwendet: {{other}}.",
  "messages.stillUsed_customers": "Dieser Kunde wird noch verwendet: {{other}}.",
  "messages.stillUsed_orders": "Diese Bestellung wird noch verwendet: {{other}}.",
};
