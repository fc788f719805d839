// A notification a screen outside the console leaves for the console to show once it has
// loaded (the sign-in screens navigate into a console that is not mounted yet). No Refine
// here: the sign-in screens import it. The console shows it with useConsoleNotice.
export const CONSOLE_NOTICE_KEY = "opsdesk.consoleNotice";

export type ConsoleNotice = "passwordChanged";

export function leaveConsoleNotice(notice: ConsoleNotice): void {
  sessionStorage.setItem(CONSOLE_NOTICE_KEY, notice);
}

export function takeConsoleNotice(): ConsoleNotice | undefined {
  const notice = sessionStorage.getItem(CONSOLE_NOTICE_KEY);
  sessionStorage.removeItem(CONSOLE_NOTICE_KEY);
  return notice === "passwordChanged" ? notice : undefined;
}
