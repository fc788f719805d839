// 403 for a screen the role may not open, 404 for anything else.
import { useTranslate } from "@refinedev/core";
import { ChunkBoundary } from "../components/errors/ChunkBoundary";
import { lazyChunk } from "../components/errors/lazyChunk";
import { useTabTitle } from "../components/useTabTitle";

const ErrorResult = lazyChunk(() => import("./errors/ErrorResult").then((m) => m.default));

function ErrorPage({ status, subTitle }: { status: "403" | "404"; subTitle: string }) {
  return (
    <ChunkBoundary>
      <ErrorResult status={status} subTitle={subTitle} />
    </ChunkBoundary>
  );
}

export function ForbiddenPage() {
  const t = useTranslate();
  useTabTitle(t("errors.forbiddenTab", "No access"));
  return (
    <ErrorPage status="403" subTitle={t("errors.forbiddenPage", "You don't have permission to open this page.")} />
  );
}

export function NotFoundPage() {
  const t = useTranslate();
  useTabTitle(t("errors.notFoundTab", "Page not found"));
  return <ErrorPage status="404" subTitle={t("errors.notFoundPage", "There is no page at this address.")} />;
}
