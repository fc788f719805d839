// After sign-in: back to the page that sent the operator to /login (`?to=`), else the dashboard.
import { Navigate, useSearchParams } from "react-router";

/** Only paths inside the console: `//host` or absolute URLs would leave it. */
export const safeTarget = (to: string | null) => (to?.startsWith("/") && !to.startsWith("//") ? to : "/");

export function BackToTarget() {
  const [params] = useSearchParams();
  return <Navigate to={safeTarget(params.get("to"))} replace />;
}
