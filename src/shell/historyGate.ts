// The first say on the browser's Back and Forward. React Router hears `popstate` through a
// listener of its own and renders the new page at once (React renders popstate updates
// synchronously), so whoever wants to stop a step must hear it before: this listener is added
// as the page starts, before the router's, and hands each step to the gate set now (the
// leave guard, LeaveGuard.tsx), which may stop it from reaching the router.
type Gate = (event: PopStateEvent) => void;

let gate: Gate | undefined;
let installed = false;

/** Adds the listener; call before the router is made (main.tsx). */
export function installHistoryGate(): void {
  if (installed) return;
  installed = true;
  window.addEventListener("popstate", (event) => gate?.(event));
}

/** Sets (or with nothing, clears) what decides each step; returns the clearing. */
export function setHistoryGate(next: Gate): () => void {
  gate = next;
  return () => {
    if (gate === next) gate = undefined;
  };
}
