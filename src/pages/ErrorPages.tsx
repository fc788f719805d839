// 403 for a screen the role may not open, 404 for anything else.
import { useTranslate } from "@refinedev/core";
import { Spin } from "antd";
import { lazy, Suspense } from "react";

const ErrorResult = lazy(() => import("./errors/ErrorResult"));

function ErrorPage({ status, subTitle }: { status: "403" | "404"; subTitle: string }) {
  return (
    <Suspense fallback={<Spin style={{ display: "block", marginTop: 64 }} />}>
      <ErrorResult status={status} subTitle={subTitle} />
    </Suspense>
  );
}

export function ForbiddenPage() {
  const t = useTranslate();
  return (
    <ErrorPage status="403" subTitle={t("errors.forbiddenPage", "You don't have permission to open this page.")} />
  );
}

export function NotFoundPage() {
  const t = useTranslate();
  return <ErrorPage status="404" subTitle={t("errors.notFoundPage", "There is no page at this address.")} />;
}
