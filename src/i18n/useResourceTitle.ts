// A table's name as the operator reads it (menu title, in their language), for screens
// that list resources by table name: the permission matrix, the audit log.
import { useTranslate } from "@refinedev/core";
import { useCallback } from "react";
import { humanize } from "../lib/format";
import { findResource } from "../resources";
import { resourceKey } from "./resourceKeys";

export function useResourceTitle(): (table: string) => string {
  const t = useTranslate();
  return useCallback(
    (table: string) => t(resourceKey.title(table), humanize(findResource(table)?.label.plural ?? table)),
    [t],
  );
}
