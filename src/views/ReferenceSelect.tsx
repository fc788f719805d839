// A select over another resource that searches it server-side as the operator types; each
// choice shows the referenced record's details on a second line (e-mail, SKU and price).
import { useSelect } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import { type SelectProps, Typography } from "antd";
import { useMemo } from "react";
import { useFormat } from "../i18n/useFormat";
import type { ReferenceTarget } from "../resources/types";
import { FieldSelect } from "./FieldSelect";
import { detailLine, pickerMeta } from "./referenceDetails";

interface Props extends Omit<SelectProps, "options"> {
  target: ReferenceTarget;
}

export function ReferenceSelect({ target, value, ...rest }: Props) {
  const format = useFormat();
  const valueField = target.valueField ?? "id";
  const { selectProps, query, defaultValueQuery } = useSelect<BaseRecord>({
    resource: target.resource,
    optionLabel: target.labelField as never,
    optionValue: valueField as never,
    defaultValue: value ?? undefined,
    sorters: [{ field: target.labelField, order: "asc" }],
    pagination: { pageSize: 25, mode: "server" },
    onSearch: (text) => [{ field: target.searchField ?? target.labelField, operator: "contains", value: text }],
    meta: pickerMeta(target),
  });
  const records = useMemo(
    () =>
      new Map(
        [...(defaultValueQuery.data?.data ?? []), ...(query.data?.data ?? [])].map((r) => [String(r[valueField]), r]),
      ),
    [query.data, defaultValueQuery.data, valueField],
  );
  const optionRender: SelectProps["optionRender"] = target.details
    ? (option) => {
        const detail = detailLine(target, records.get(String(option.value)), format);
        return (
          <div>
            <div>{option.label}</div>
            {detail && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {detail}
              </Typography.Text>
            )}
          </div>
        );
      }
    : undefined;
  return <FieldSelect {...selectProps} optionRender={optionRender} allowClear {...rest} value={value} />;
}
