// A select over another resource that searches it server-side as the operator types.
import { useSelect } from "@refinedev/antd";
import type { SelectProps } from "antd";
import type { ReferenceTarget } from "../resources/types";
import { FieldSelect } from "./FieldSelect";

interface Props extends Omit<SelectProps, "options"> {
  target: ReferenceTarget;
}

export function ReferenceSelect({ target, value, ...rest }: Props) {
  const { selectProps } = useSelect({
    resource: target.resource,
    optionLabel: target.labelField as never,
    optionValue: (target.valueField ?? "id") as never,
    defaultValue: value ?? undefined,
    sorters: [{ field: target.labelField, order: "asc" }],
    pagination: { pageSize: 25, mode: "server" },
    onSearch: (text) => [{ field: target.searchField ?? target.labelField, operator: "contains", value: text }],
    meta: { select: `${target.valueField ?? "id"},${target.labelField}` },
  });
  return <FieldSelect {...selectProps} allowClear {...rest} value={value} />;
}
