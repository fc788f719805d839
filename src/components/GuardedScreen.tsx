// A routed screen behind its permission: the 403 page when the matrix says no, a spinner
// while the lazily loaded screen arrives.
import { CanAccess } from "@refinedev/core";
import { Spin } from "antd";
import { type ReactNode, Suspense } from "react";
import { ForbiddenPage } from "../pages/ErrorPages";

interface Props {
  resource: string;
  action?: string;
  children: ReactNode;
}

export function GuardedScreen({ resource, action = "list", children }: Props) {
  return (
    <CanAccess resource={resource} action={action} fallback={<ForbiddenPage />}>
      <Suspense fallback={<Spin style={{ display: "block", marginTop: 64 }} />}>{children}</Suspense>
    </CanAccess>
  );
}
