// The project chooser of a console built without a project (src/pages/auth/ProjectChooser.tsx).
export default {
  "projects.project": "Projekt",
  "projects.forget": "Vergessen",
  "projects.addAnother": "Weiteres Projekt hinzufügen",
  "projects.url": "Projekt-URL",
  "projects.key": "Publishable Key",
  "projects.keyHelp": "Aus den API-Einstellungen des Projekts. Niemals ein Secret- oder Service-Role-Key.",
  "projects.use": "Dieses Projekt verwenden",
  "projects.refused": "Das Projekt nimmt diesen Schlüssel nicht an.",
  "projects.unreachable": "Dieses Projekt ist nicht erreichbar. Prüfen Sie die URL.",
  "projects.secretKey":
    "Dies ist ein Secret Key. Er darf nie in einem Browser verwendet werden: Geben Sie den Publishable Key des Projekts an (sb_publishable_…).",
  "projects.serviceRoleKey":
    "Dies ist der Service-Role-Key. Er darf nie in einem Browser verwendet werden: Geben Sie den Publishable (anon) Key des Projekts an.",
  "projects.notAKey":
    "Dies ist kein Supabase-API-Schlüssel. Kopieren Sie den Publishable Key aus den API-Einstellungen des Projekts.",
  "projects.badUrl": "Geben Sie die URL des Projekts an, etwa https://abcdefghijklmnop.supabase.co.",
};
