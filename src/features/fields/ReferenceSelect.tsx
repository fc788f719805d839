// A select over another resource that searches it on the server as the operator types, its
// details too: through the resource's search function (docs/search.md: the indexes behind the
// lists' search box), "PET-04" finds a product by its SKU and "amir.h" a customer by e-mail,
// ranked; a resource without one searches its label. Each choice shows the referenced record's
// details on a second line (e-mail, SKU and price). A form's picker offers only what the field
// may take (ReferenceTarget.choosable).
import { useSelect } from "@refinedev/antd";
import type { BaseRecord, CrudFilter } from "@refinedev/core";
import { type SelectProps, Typography } from "antd";
import { useMemo } from "react";
import { useFormat } from "../../i18n/useFormat";
import { SEARCH_FIELD } from "../../providers/dataProvider";
import { findResource } from "../../resources";
import type { ReferenceTarget } from "../../resources/types";
import { FieldSelect } from "./FieldSelect";
import { detailLine, pickerMeta } from "./referenceDetails";

interface Props extends Omit<SelectProps, "options"> {
  target: ReferenceTarget;
  /** Offer only the records the field may take (a form), not every one (a list's filter). */
  choosableOnly?: boolean;
}

/** What the picker sends for the operator's words: the resource's search, or its label containing them. */
export function pickerSearch(target: ReferenceTarget, text: string): CrudFilter[] {
  const search = findResource(target.resource)?.list.search;
  const words = text.trim() || undefined;
  return search && "rpc" in search
    ? [{ field: SEARCH_FIELD, operator: "contains", value: words }]
    : [{ field: target.searchField ?? target.labelField, operator: "contains", value: words }];
}

export function ReferenceSelect({ target, value, choosableOnly = false, ...rest }: Props) {
  const format = useFormat();
  const valueField = target.valueField ?? "id";
  const labelOrder = { field: target.labelField, order: "asc" as const };
  const choosable: CrudFilter[] = choosableOnly
    ? (target.choosable ?? []).map(({ field, value }) => ({ field, operator: "eq", value }))
    : [];
  const { selectProps, query, defaultValueQuery } = useSelect<BaseRecord>({
    resource: target.resource,
    optionLabel: target.labelField as never,
    optionValue: valueField as never,
    defaultValue: value ?? undefined,
    sorters: [labelOrder],
    filters: choosable,
    pagination: { pageSize: 25, mode: "server" },
    onSearch: (text) => pickerSearch(target, text),
    // Sorted by label until the operator types; then ranked by how well each matches.
    meta: { ...pickerMeta(target), search: findResource(target.resource)?.list.search, defaultSort: labelOrder },
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
