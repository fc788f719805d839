// Which file column fills which field, with the problems that block the import.
import { useTranslate } from "@refinedev/core";
import { Alert, Select, Table } from "antd";
import type { FieldDefinition } from "../../resources/types";
import { type ColumnMapping, mappingProblems } from "./mapping";

interface Props {
  headers: string[];
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
  fields: FieldDefinition[];
  labelOf: (field: FieldDefinition) => string;
  sample?: Record<string, string>;
}

export function ColumnMappingTable({ headers, mapping, onChange, fields, labelOf, sample }: Props) {
  const t = useTranslate();
  const problems = mappingProblems(mapping, fields);
  const names = (list: FieldDefinition[]) => list.map(labelOf).join(", ");
  return (
    <>
      {problems.missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t("csv.missingColumns", { fields: names(problems.missing) }, "No column for: {{fields}}.")}
        />
      )}
      {problems.doubled.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t("csv.doubledColumns", { fields: names(problems.doubled) }, "Several columns for: {{fields}}.")}
        />
      )}
      <Table
        size="small"
        pagination={false}
        rowKey="header"
        dataSource={headers.map((header) => ({ header }))}
        columns={[
          { key: "header", title: t("csv.fileColumn", "Column in the file"), dataIndex: "header" },
          {
            key: "sample",
            title: t("csv.firstRow", "First row"),
            render: (_, { header }) => sample?.[header] ?? "",
            ellipsis: true,
          },
          {
            key: "field",
            title: t("csv.field", "Imported as"),
            render: (_, { header }) => (
              <Select
                aria-label={t("csv.fieldFor", { header }, "Field for {{header}}")}
                style={{ minWidth: 180 }}
                value={mapping[header] ?? ""}
                onChange={(value: string) => onChange({ ...mapping, [header]: value || null })}
                options={[
                  { value: "", label: t("csv.ignore", "(ignore)") },
                  ...fields.map((field) => ({ value: field.name, label: labelOf(field) })),
                ]}
              />
            ),
          },
        ]}
      />
    </>
  );
}
