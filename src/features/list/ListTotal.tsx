// The row count under a list. Large lists ask for count=estimated (exact up to max_rows,
// then the planner's estimate): such a total is shown as approximate.
import { useTranslate } from "@refinedev/core";
import { tCount } from "../../i18n/plural";

export function ListTotal({
  total,
  approximate,
  singular,
  plural,
}: {
  total: number;
  approximate: boolean;
  singular: string;
  plural: string;
}) {
  const t = useTranslate();
  // An estimate is always beyond max_rows (1 000): plural.
  return approximate
    ? t("list.totalAbout", { total, plural }, "about {{total, number}} {{plural}}")
    : tCount(
        t,
        "list.total",
        total,
        { one: "{{count, number}} {{singular}}", other: "{{count, number}} {{plural}}" },
        { singular, plural },
      );
}
