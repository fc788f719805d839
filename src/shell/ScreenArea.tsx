// The routed screen inside the layout. Each visit of an address gets a fresh instance of
// its screen: React Router keeps the component of one route for the next when both render
// the same element type (every generated list is a ResourceList), which carried one
// resource's list state (columns, saved view, filters, search) into another's and crashed
// it; and a list opened again from the menu starts afresh. A screen that only replaces its
// own address (a list writing its page and filters into the URL) stays. The boundary keeps
// a failing screen inside the layout; going anywhere else clears it.
import { useRef } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { type NavigationType, Outlet, useLocation, useNavigationType } from "react-router";
import { ScreenError } from "../components/errors/ScreenError";

export interface Visit {
  id: number;
  pathname: string;
  locationKey: string;
  /** The key of the history entry the visit began with (a list's own URL writes keep it). */
  openedBy: string;
}

/**
 * The visit a location belongs to: a new one for a push or a history step, or another address.
 * Entries written outside React Router (`history.pushState(null, …)`) all share the key
 * "default", so a key alone does not say the address is the same.
 */
export function nextVisit(previous: Visit | undefined, pathname: string, locationKey: string, type: NavigationType) {
  if (!previous) return { id: 0, pathname, locationKey, openedBy: locationKey };
  if (locationKey === previous.locationKey && pathname === previous.pathname) return previous;
  if (type === "REPLACE" && pathname === previous.pathname) return { ...previous, locationKey };
  return { id: previous.id + 1, pathname, locationKey, openedBy: locationKey };
}

export function ScreenArea() {
  const { pathname, key } = useLocation();
  const type = useNavigationType();
  const visit = useRef<Visit>(undefined);
  // Derived during render (the same location gives the same visit, so rendering twice is safe).
  visit.current = nextVisit(visit.current, pathname, key, type);
  // `data-visit` says which history entry the shown screen was opened by: React Router
  // renders a navigation as a transition, so the previous screen can stay a moment after
  // the address changed (e2e's openPath waits for it).
  return (
    <div data-visit={visit.current.openedBy} style={{ display: "contents" }}>
      <ErrorBoundary key={visit.current.id} FallbackComponent={ScreenError}>
        <Outlet />
      </ErrorBoundary>
    </div>
  );
}
