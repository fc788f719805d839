// 403 for a screen the role may not open, 404 for anything else (and for a record that is not there).
import { useTranslate } from "@refinedev/core";
import { useTabTitle } from "../useTabTitle";
import { ChunkBoundary } from "./ChunkBoundary";
import type { ErrorResultProps } from "./ErrorResult";
import { lazyChunk } from "./lazyChunk";

const ErrorResult = lazyChunk(() => import("./ErrorResult").then((m) => m.default));

function ErrorPage(props: ErrorResultProps) {
  return (
    <ChunkBoundary>
      <ErrorResult {...props} />
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

/**
 * A record's page (show, edit) whose record does not exist, or that the operator may not see,
 * or whose address names no possible key (`/products/abc`): the 404 page once, saying which
 * kind of record, with the way back to its list; no header buttons for a record that is not there.
 */
export function RecordNotFoundPage({ message, back }: { message: string; back: { to: string; label: string } }) {
  const t = useTranslate();
  useTabTitle(t("errors.notFoundTab", "Page not found"));
  return <ErrorPage status="404" subTitle={message} back={back} />;
}
