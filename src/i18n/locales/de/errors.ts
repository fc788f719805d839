// Database errors as operators read them (src/providers/errors.ts); the field-level ones use
// fields.* (locales/de/fields.ts) and the resources' own rules (locales/de/resources.ts).
export default {
  // Per resource (i18next context, src/i18n/messages.ts): the noun with its own article.
  "errors.notFound": "Dieser Eintrag ({{resource}}) existiert nicht oder ist für Sie nicht sichtbar.",
  "errors.schemaNotExposed":
    "Die {{resource}} liegen im Schema „{{schema}}“, das die Data API dieses Projekts nicht freigibt: Fügen Sie „{{schema}}“ den freigegebenen Schemas hinzu (config.toml [api] schemas; bei gehostetem Supabase: Project Settings → Data API → Exposed schemas).",
  "errors.notFound_products": "Dieses Produkt existiert nicht oder ist für Sie nicht sichtbar.",
  "errors.notFound_categories": "Diese Kategorie existiert nicht oder ist für Sie nicht sichtbar.",
  "errors.notFound_customers": "Dieser Kunde existiert nicht oder ist für Sie nicht sichtbar.",
  "errors.notFound_orders": "Diese Bestellung existiert nicht oder ist für Sie nicht sichtbar.",
  "errors.notFound_staff": "Dieses Konto existiert nicht oder ist für Sie nicht sichtbar.",
  "errors.notFound_audit_log": "Dieser Protokolleintrag existiert nicht oder ist für Sie nicht sichtbar.",
  "errors.backToList": "Zurück zur Liste",
  "errors.backToList_products": "Zurück zu den Produkten",
  "errors.backToList_categories": "Zurück zu den Kategorien",
  "errors.backToList_customers": "Zurück zu den Kunden",
  "errors.backToList_orders": "Zurück zu den Bestellungen",
  "errors.backToList_staff": "Zurück zu den Mitarbeitenden",
  "errors.backToList_audit_log": "Zurück zum Audit-Protokoll",
  "errors.referenceGone": "Der gewählte Eintrag ({{resource}}) existiert nicht mehr.",
  "errors.referenceGone_products": "Das gewählte Produkt existiert nicht mehr.",
  "errors.referenceGone_categories": "Die gewählte Kategorie existiert nicht mehr.",
  "errors.referenceGone_customers": "Der gewählte Kunde existiert nicht mehr.",
  "errors.referenceGone_orders": "Die gewählte Bestellung existiert nicht mehr.",
  "errors.brokenRule": "Dieser Eintrag ({{resource}}) verletzt die Regel „{{constraint}}“.",
  "errors.brokenRule_products": "Dieses Produkt verletzt die Regel „{{constraint}}“.",
  "errors.brokenRule_categories": "Diese Kategorie verletzt die Regel „{{constraint}}“.",
  "errors.brokenRule_customers": "Dieser Kunde verletzt die Regel „{{constraint}}“.",
  "errors.brokenRule_orders": "Diese Bestellung verletzt die Regel „{{constraint}}“.",
  "errors.brokenRule_order_items": "Diese Bestellposition verletzt die Regel „{{constraint}}“.",
  // The database's rules by their code (src/providers/ruleErrors.ts).
  "errors.rule.staff_last_admin": "Mindestens ein aktiver Admin muss bleiben.",
  "errors.rule.staff_own_deactivate": "Sie können Ihr eigenes Konto nicht deaktivieren.",
  "errors.rule.staff_own_role": "Sie können Ihre eigene Rolle nicht ändern.",
  "errors.rule.staff_own_delete": "Sie können Ihr eigenes Mitarbeiterkonto nicht entfernen.",
  "errors.rule.permissions_own_access": "Sie können Ihrer eigenen Rolle nicht den Zugang zu den Berechtigungen nehmen.",
  "errors.rule.audit_log_append_only": "Das Audit-Protokoll kann nicht geändert werden.",
  "errors.rule.record_key_fixed": "Die Schlüssel eines Datensatzes können nicht geändert werden.",
  "errors.rule.customer_merge_self": "Ein Kunde kann nicht mit sich selbst zusammengeführt werden.",
  "errors.rule.customer_gone": "Dieser Kunde existiert nicht mehr.",
  "errors.rule.import_not_rows": "Der Import muss eine Liste von Zeilen sein.",
  "errors.rule.import_too_many_rows": "Eine CSV-Datei kann höchstens {{max}} Zeilen haben.",
  "errors.rule.bulk_too_many_rows": "Höchstens {{max}} Zeilen auf einmal.",
  "errors.rule.order_new_pending": "Eine neue Bestellung muss als offen beginnen.",
  "errors.rule.order_times":
    "Die Zeitpunkte einer Bestellung setzen die Statuswechsel; sie können nicht bearbeitet werden.",
  "errors.rule.order_status_change": "Eine Bestellung mit Status „{{from}}“ kann nicht zu „{{to}}“ wechseln.",
  "errors.rule.order_items_locked": "Positionen können nur geändert werden, solange die Bestellung offen ist.",
  "errors.rule.order_customer_blocked":
    "{{customer}} ist gesperrt: Für gesperrte Kunden können keine Bestellungen angelegt werden.",
  "errors.rule.order_blocked_customer_status":
    "{{customer}} ist gesperrt: Die Bestellung kann nicht zu „{{to}}“ wechseln. Stornieren Sie sie oder heben Sie zuerst die Sperre auf.",
  "errors.rule.order_empty": "Eine Bestellung ohne Positionen kann nicht bezahlt werden.",
  "errors.rule.order_customer_locked":
    "Nur eine offene Bestellung kann zu einem anderen Kunden wechseln; {{order}} ist „{{status}}“.",
  "errors.rule.order_delete_locked":
    "Nur offene oder stornierte Bestellungen können gelöscht werden; {{order}} ist „{{status}}“.",
  "errors.rule.product_not_active":
    "„{{product}}“ ist nicht aktiv ({{status}}): Bestellt werden können nur aktive Produkte.",
  "errors.rule.product_not_active_draft": "„{{product}}“ ist ein Entwurf: Bestellt werden können nur aktive Produkte.",
  "errors.rule.product_not_active_archived":
    "„{{product}}“ ist archiviert: Bestellt werden können nur aktive Produkte.",
  "errors.rule.insufficient_stock":
    "Von „{{product}}“ sind nur {{in_stock}} auf Lager; die Bestellung braucht {{needed}}.",
  "errors.tooLong": "Ein Wert ist zu lang.",
  "errors.outOfRange": "Eine Zahl liegt außerhalb des zulässigen Bereichs.",
  "errors.wrongFormat": "Ein Wert hat das falsche Format.",
  "errors.unknown": "Etwas ist schiefgegangen.",
};
