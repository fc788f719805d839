// Where a lazily loaded chunk renders: a spinner while it loads, the error panel when it
// fails to load or to render. Going to another address clears the panel.
import { Spin } from "antd";
import { type ReactNode, Suspense } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { useLocation } from "react-router";
import { ScreenError } from "./ScreenError";

interface Props {
  children: ReactNode;
  /** What shows while the chunk loads; a spinner in the screen area when not given. */
  loading?: ReactNode;
}

export function ChunkBoundary({ children, loading }: Props) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={ScreenError} resetKeys={[pathname]}>
      <Suspense fallback={loading ?? <Spin style={{ display: "block", marginTop: 64 }} />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
