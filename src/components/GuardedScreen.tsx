// A routed screen behind its permission: the 403 page when the matrix says no, a spinner
// while the lazily loaded screen arrives, the error panel when it fails. While the permission
// is not known yet (a slow server) the screen area says it waits, and when the server did not
// answer it says so with Retry (refetched by itself when the server is back): Refine's
// CanAccess showed nothing in both cases. The screen is keyed by its resource: state one
// resource's screen built (a list's columns, saved view, filters, search, selection) is
// never read by another's, even where React would reuse the component.
import { useCan } from "@refinedev/core";
import type { ReactNode } from "react";
import { ScreenUnavailable, ScreenWaiting } from "./connection/ScreenWaiting";
import { ChunkBoundary } from "./errors/ChunkBoundary";
import { ForbiddenPage } from "./errors/ErrorPages";

interface Props {
  resource: string;
  action?: string;
  children: ReactNode;
}

export function GuardedScreen({ resource, action = "list", children }: Props) {
  const { data, error, refetch } = useCan({ resource, action });
  if (data?.can) return <ChunkBoundary key={resource}>{children}</ChunkBoundary>;
  if (data?.can === false) return <ForbiddenPage />;
  if (error) return <ScreenUnavailable message={(error as Error).message} onRetry={() => void refetch()} />;
  return <ScreenWaiting />;
}
