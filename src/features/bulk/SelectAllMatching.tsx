// The banner above a list whose whole page is ticked: it offers every row matching the
// list's filters and search for the bulk actions (at most MAX_BULK_ROWS, or it says to
// narrow the filter), and says when they are all selected.
import { type BaseRecord, type CrudFilter, useDataProvider, useTranslate } from "@refinedev/core";
import { Alert, Button, Space } from "antd";
import { useState } from "react";
import { localizeMessage } from "../../i18n/messages";
import { idColumnOf } from "../../lib/select";
import { MAX_BULK_ROWS } from "../../providers/rowWrites";
import type { ResourceDefinition } from "../../resources/types";
import { matchingRows } from "./matchingRows";
import type { BulkSelection } from "./useBulkSelection";

interface Props {
  definition: ResourceDefinition;
  selection: BulkSelection;
  pageRows: readonly BaseRecord[] | undefined;
  /** The list's total as it shows it (maybe an estimate). */
  total: number | undefined;
  filters: CrudFilter[];
}

export function SelectAllMatching({ definition: def, selection, pageRows, total, filters }: Props) {
  const t = useTranslate();
  const dataProvider = useDataProvider()();
  const [loading, setLoading] = useState(false);
  // A count beyond the limit found while selecting, for the list state it was found in.
  const [tooMany, setTooMany] = useState<{ total: number; filters: CrudFilter[] }>();
  const [error, setError] = useState<string>();
  const idColumn = idColumnOf(def);
  const max = MAX_BULK_ROWS;

  if (selection.allMatching)
    return (
      <Alert
        type="info"
        role="status"
        message={
          <Space wrap>
            {t(
              "bulk.allMatchingSelected",
              { count: selection.records.length },
              "All {{count, number}} matching rows are selected.",
            )}
            <Button type="link" size="small" onClick={selection.clear}>
              {t("bulk.clear", "Clear selection")}
            </Button>
          </Space>
        }
      />
    );

  const page = pageRows ?? [];
  const wholePage = page.length > 0 && page.every((row) => selection.isSelected(row[idColumn] as string | number));
  if (!wholePage || total === undefined || total <= page.length) return null;
  const pageSelected = t(
    "bulk.pageSelected",
    { count: page.length },
    "All {{count, number}} rows on this page are selected.",
  );
  const found = tooMany?.filters === filters ? tooMany.total : total > max ? total : undefined;
  if (found !== undefined)
    return (
      <Alert
        type="warning"
        role="status"
        message={`${pageSelected} ${t(
          "bulk.narrow",
          { total: found, max },
          "Narrow the filter: {{total, number}} rows match, at most {{max, number}} at once.",
        )}`}
      />
    );

  const selectAll = async () => {
    setLoading(true);
    setError(undefined);
    try {
      const matching = await matchingRows(dataProvider, def, filters, max);
      if ("tooMany" in matching) setTooMany({ total: matching.total, filters });
      else selection.selectAllMatching(matching.rows);
    } catch (failure) {
      setError(localizeMessage((failure as Error).message, t));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Alert
      type={error ? "error" : "info"}
      role="status"
      message={
        <Space wrap>
          {pageSelected}
          <Button type="link" size="small" loading={loading} onClick={selectAll}>
            {t("bulk.selectAllMatching", { total }, "Select all {{total, number}} matching this filter")}
          </Button>
        </Space>
      }
      description={error}
    />
  );
}
