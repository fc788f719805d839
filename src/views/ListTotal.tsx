// The row count under a list. Large lists ask for count=estimated (exact up to max_rows,
// then the planner's estimate): such a total is shown as approximate.
import { useTranslate } from "@refinedev/core";

export function ListTotal({ total, approximate, plural }: { total: number; approximate: boolean; plural: string }) {
  const t = useTranslate();
  return approximate
    ? t("list.totalAbout", { total, plural }, "about {{total, number}} {{plural}}")
    : t("list.total", { total, plural }, "{{total, number}} {{plural}}");
}
