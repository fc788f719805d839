// Saves that wait for the server and drafts a form brings back (src/features/saving/).
export default {
  "saving.waiting": "Noch nicht gespeichert: Der Server ist nicht erreichbar.",
  "saving.waitingHint":
    "Ihre Änderungen bleiben in diesem Browser und werden gespeichert, sobald der Server antwortet – auch wenn Sie diese Seite verlassen.",
  "saving.tryNow": "Jetzt versuchen",
  "saving.resending": "Die Speicherung von {{when}} wird erneut gesendet.",
  "saving.restored": "Ihre nicht gespeicherten Änderungen von {{when}} sind wieder im Formular.",
  "saving.discard": "Änderungen verwerfen",
};
