// Database errors as operators read them (src/providers/errors.ts); the field-level ones use
// fields.* (locales/de/fields.ts) and the resources' own rules (locales/de/resources.ts).
export default {
  "errors.notFound": "Diese(s) {{resource}} existiert nicht oder ist für Sie nicht sichtbar.",
  "errors.referenceGone": "Die/das gewählte {{resource}} existiert nicht mehr.",
  "errors.brokenRule": "Diese(s) {{resource}} verletzt die Regel „{{constraint}}“.",
  "errors.tooLong": "Ein Wert ist zu lang.",
  "errors.outOfRange": "Eine Zahl liegt außerhalb des zulässigen Bereichs.",
  "errors.wrongFormat": "Ein Wert hat das falsche Format.",
  "errors.unknown": "Etwas ist schiefgegangen.",
};
