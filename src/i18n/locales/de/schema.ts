// German for the screens of a console generated from the live schema (src/schema, components/DefinitionNotices.tsx,
// pages/tables, pages/notInstalled) and the rules its constraints add (features/fields/constraintRules.ts).
export default {
  "notices.view": "Dies ist eine Sicht: Ihre Einträge werden hier angezeigt, nicht geändert.",
  "notices.noKey": "Diese Tabelle hat keinen Primärschlüssel: Ihre Einträge werden hier angezeigt, nicht geändert.",
  "notices.partly": "Ein Teil dieser Tabelle wird so angezeigt, wie er ist",
  "tables.overview.title": "Tabellen",
  "tables.overview.empty": "Es gibt keine Tabellen, die Sie öffnen dürfen.",
  "fields.above": "{{label}} muss größer als {{min}} sein.",
  "fields.below": "{{label}} muss kleiner als {{max}} sein.",
  "fields.minItems": "Mindestens {{min}} Einträge.",
  "fields.json": "{{label}} muss gültiges JSON sein.",
  "history.older": "Ältere Änderungen zeigen",
  "notInstalled.title": "Opsdesk ist in diesem Projekt nicht installiert",
  "notInstalled.how":
    "Installieren Sie es in den Ordner des Projekts, wenden Sie die Migration an, die es schreibt, legen Sie einen ersten Admin an und melden Sie sich erneut an:",
  "notInstalled.signOut": "Abmelden",
};
