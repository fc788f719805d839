// The generated create and edit forms (src/features/form/ResourceForm.tsx).
export default {
  "form.createTitle": "{{name}} anlegen",
  "form.editTitle": "{{name}} bearbeiten",
  "form.editTab": "{{title}} bearbeiten",
  "form.created": "{{name}} angelegt",
  "form.saved": "{{name}} gespeichert",
};
