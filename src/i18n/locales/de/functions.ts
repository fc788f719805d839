// The edge functions' refusals by code (src/providers/functionErrors.ts FUNCTION_MESSAGES).
export default {
  "functions.error.OPSDESK_NO_SUCH_USER": "Keine Mitarbeiterin und kein Mitarbeiter hat diese ID.",
  "functions.error.OPSDESK_NOT_FOUND": "Dieser Datensatz existiert nicht mehr.",
  "functions.error.OPSDESK_METHOD": "Die Anfrage wurde als fehlerhaft abgelehnt.",
  "functions.error.OPSDESK_ALREADY_OPERATOR": "Es gibt bereits Mitarbeitende mit dieser E-Mail-Adresse.",
  "functions.error.OPSDESK_ACCOUNT_EXISTS":
    "Es gibt bereits ein Konto mit dieser E-Mail-Adresse; es kann nicht erneut eingeladen werden.",
  "functions.error.OPSDESK_INVITATION_FOLLOWED": "Diese Person hat die Einladung bereits angenommen.",
  "functions.error.OPSDESK_MAIL_LIMIT": "Zu viele E-Mails gesendet. Versuchen Sie es in ein paar Minuten erneut.",
  "functions.error.OPSDESK_SERVER": "Auf dem Server ist etwas schiefgegangen. Bitte versuchen Sie es erneut.",
};
