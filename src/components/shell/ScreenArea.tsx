// The routed screen inside the layout. Each address gets a fresh instance of its screen:
// React Router keeps the component of one route for the next when both render the same
// element type (every generated list is a ResourceList), which carried one resource's list
// state (columns, saved view, filters, search) into another's and crashed it. The boundary
// keeps a failing screen inside the layout; going anywhere else clears it.
import { ErrorBoundary } from "react-error-boundary";
import { Outlet, useLocation } from "react-router";
import { ScreenError } from "../errors/ScreenError";

export function ScreenArea() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname} FallbackComponent={ScreenError}>
      <Outlet />
    </ErrorBoundary>
  );
}
