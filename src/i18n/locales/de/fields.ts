// Fixed words of the generated fields, inputs and validation (src/features/fields/kindTexts.tsx, rules.ts).
export default {
  "fields.yes": "Ja",
  "fields.no": "Nein",
  "fields.contains": "{{label}} enthält…",
  "fields.choose": "{{resource}} wählen",
  "fields.bucketPath": "Pfad im Bucket",
  "fields.required": "{{label}} ist erforderlich.",
  "fields.length": "{{label}} muss {{min}} bis {{max}} Zeichen lang sein.",
  "fields.invalid": "{{label}} ist ungültig.",
  "fields.email": "Geben Sie eine gültige E-Mail-Adresse ein.",
  "fields.range": "{{label}} muss zwischen {{min}} und {{max}} liegen.",
  "fields.atLeast": "{{label}} muss mindestens {{min}} sein.",
  "fields.atMost": "{{label}} darf höchstens {{max}} sein.",
  "fields.wholeNumber": "{{label}} muss eine ganze Zahl sein.",
  "fields.cents": "{{label}} hat höchstens {{digits}} Nachkommastellen.",
  "fields.maxItems": "Höchstens {{max}} Einträge.",
};
