// The signed-in console (Refine, its providers and screens) is a chunk of its own: the
// sign-in screens start loading it when the operator submits, while the sign-in runs,
// and a page opened directly starts loading it at once.
import { lazyChunk } from "./components/errors/lazyChunk";
import { dashboardReads, hasDemoStore } from "./pages/dashboard/reads";
import { expectScreenReads, type RpcRead } from "./providers/firstReads";

/** The console (Refine, its providers and routes), rendered once it has loaded. */
export const Console = lazyChunk(() => import("./App").then((app) => app.App));

// A failed preload is not an error yet: the console's own lazy load tries again and reports it.
const quietly = (load: Promise<unknown>) => void load.catch(() => undefined);

/** The screen a console path opens first: `/`, a list, a record, or a form. */
export function screenOf(pathname: string): "dashboard" | "list" | "show" | "form" {
  const parts = pathname.split("/").filter(Boolean);
  if (parts.length === 0) return "dashboard";
  if (parts.length === 1) return "list";
  return parts[1] === "create" || parts[2] === "edit" ? "form" : "show";
}

const SCREENS = {
  dashboard: () => import("./pages/dashboard/DashboardPage"),
  list: () => import("./features/list/ResourceList"),
  show: () => import("./features/show/ResourceShow"),
  form: () => import("./features/form/ResourceForm"),
};

/** A signed-in page load: the console's first reads go out with the session (firstReads.ts). */
export function warmUpConsole(): void {
  quietly(import("./providers/backend").then(({ backend }) => backend.auth.warmUp()));
}

/**
 * The RPCs the first screen of `url` makes before anything else, when they are known ahead: the
 * demo's dashboard at `/`, made once the live schema says the project is the demo store (its
 * page override's condition) — elsewhere `/` is the tables overview.
 */
function firstScreenReads(url: URL): RpcRead[] {
  if (screenOf(url.pathname) !== "dashboard") return [];
  const { kpis, perDay, byCategory } = dashboardReads(url.searchParams);
  return [kpis, perDay, byCategory];
}

/**
 * The console, its shell and the first screen of `target`, fetched side by side instead
 * of each discovered by the one before (a waterfall of three chunk loads); that screen's
 * first reads go out with the session (providers/firstReads.ts). Settles once the console
 * and every chunk of that screen have loaded (App.preloadScreen), so the console renders the
 * screen at once; a failed load is left to the console's own render, which reports it.
 */
export function preloadConsole(target: string): Promise<void> {
  const url = new URL(target, window.location.origin);
  // The condition is asked of the live resources once known (operatorGate.ts): the sign-in
  // screens import none of the resources' definitions (sign-in budget, e2e/comfort.spec.ts).
  expectScreenReads(firstScreenReads(url), hasDemoStore);
  quietly(import("./shell/ConsoleShell"));
  quietly(SCREENS[screenOf(url.pathname)]());
  return Console.preload()
    .then(() => import("./App"))
    .then((app) => app.preloadScreen(url.pathname))
    .catch(() => undefined);
}
