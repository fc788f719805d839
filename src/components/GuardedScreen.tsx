// A routed screen behind its permission: the 403 page when the matrix says no, a spinner
// while the lazily loaded screen arrives, the error panel when it fails. The screen is keyed
// by its resource: state one resource's screen built (a list's columns, saved view, filters,
// search, selection) is never read by another's, even where React would reuse the component.
import { CanAccess } from "@refinedev/core";
import type { ReactNode } from "react";
import { ChunkBoundary } from "./errors/ChunkBoundary";
import { ForbiddenPage } from "./errors/ErrorPages";

interface Props {
  resource: string;
  action?: string;
  children: ReactNode;
}

export function GuardedScreen({ resource, action = "list", children }: Props) {
  return (
    <CanAccess resource={resource} action={action} fallback={<ForbiddenPage />}>
      <ChunkBoundary key={resource}>{children}</ChunkBoundary>
    </CanAccess>
  );
}
