// 403 for a screen the role may not open, 404 for anything else.
import { useTranslate } from "@refinedev/core";
import { useTabTitle } from "../useTabTitle";
import { ChunkBoundary } from "./ChunkBoundary";
import { lazyChunk } from "./lazyChunk";

const ErrorResult = lazyChunk(() => import("./ErrorResult").then((m) => m.default));

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
