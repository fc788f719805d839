// The rows an import cannot take and why, numbered as a spreadsheet shows them.
import { useTranslate } from "@refinedev/core";
import { Alert, Table } from "antd";
import { localizeMessage } from "../../i18n/messages";
import { tCount } from "../../i18n/plural";
import type { FieldDefinition } from "../../resources/types";
import type { RowProblem } from "./validate";

interface Props {
  problems: RowProblem[];
  truncated: boolean;
  fields: FieldDefinition[];
  labelOf: (field: FieldDefinition) => string;
}

export function ImportReport({ problems, truncated, fields, labelOf }: Props) {
  const t = useTranslate();
  const rows = new Set(problems.map((p) => p.row)).size;
  const columnOf = (name?: string) => {
    const field = fields.find((f) => f.name === name);
    return field ? labelOf(field) : "";
  };
  return (
    <>
      <Alert
        type="error"
        showIcon
        message={tCount(t, "csv.reportTitle", rows, {
          one: "{{count}} row cannot be imported. Nothing was written.",
          other: "{{count}} rows cannot be imported. Nothing was written.",
        })}
        description={
          truncated
            ? t("csv.reportTruncated", "Checking stopped at the first 100 errors; fix them and check again.")
            : t("csv.reportHint", "Row numbers are as a spreadsheet shows them: the header is row 1.")
        }
        style={{ marginBottom: 12 }}
      />
      <Table<RowProblem & { key: number }>
        size="small"
        aria-label={t("csv.reportTable", "Import errors")}
        dataSource={problems.map((problem, key) => ({ ...problem, key }))}
        pagination={problems.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        columns={[
          // The header is spreadsheet row 1, so data row n is row n + 1.
          { key: "row", title: t("csv.row", "Row"), render: (_, p) => p.row + 1, width: 80 },
          { key: "column", title: t("csv.column", "Column"), render: (_, p) => columnOf(p.field), width: 160 },
          // The database's problems arrive as English sentences with their translation keys.
          { key: "message", title: t("csv.problem", "Problem"), render: (_, p) => localizeMessage(p.message, t) },
        ]}
      />
    </>
  );
}
