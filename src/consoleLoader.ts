// The signed-in console (Refine, its providers and screens) is a chunk of its own: the
// sign-in screens start loading it when the operator submits, while the sign-in runs.
export const loadConsole = () => import("./App");

// A failed preload is not an error yet: the console's own lazy load tries again and reports it.
const quietly = (load: Promise<unknown>) => void load.catch(() => undefined);

/** The console and, for the dashboard, its first screen: fetched side by side, not one after the other. */
export function preloadConsole(target: string): void {
  quietly(loadConsole());
  quietly(import("./components/shell/ConsoleShell"));
  if (new URL(target, window.location.origin).pathname === "/") quietly(import("./pages/dashboard/DashboardPage"));
}
