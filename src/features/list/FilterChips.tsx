// The list's active filters as chips above the table ("Price: $10.00 – $20.00"), each
// removable, with "Clear all". Values read as the operator chose them: option labels,
// the referenced record's label, formatted money and days.
import { CloseOutlined } from "@ant-design/icons";
import { type CrudFilter, type LogicalFilter, useOne, useTranslate } from "@refinedev/core";
import { Button, Space, Tag } from "antd";
import type { ReactNode } from "react";
import { optionLabel } from "../../i18n/localizeDefinition";
import type { FieldDefinition, ReferenceTarget, ResourceDefinition } from "../../resources/types";
import { Formatted } from "../fields/formatted";
import { YesNo } from "../fields/kindTexts";
import { activeFilterGroups, boundReadsAsDay, filterValue, onlySearch, withoutColumn } from "../fields/listFilters";

interface Props {
  /** The definition with labels in the operator's language. */
  definition: ResourceDefinition;
  filters: CrudFilter[];
  setFilters: (filters: CrudFilter[], behavior: "replace") => void;
  setCurrentPage: (page: number) => void;
}

function ReferenceLabel({ target, id }: { target: ReferenceTarget; id: unknown }) {
  const valueField = target.valueField ?? "id";
  const { result } = useOne({
    resource: target.resource,
    id: String(id),
    meta: { select: `${valueField},${target.labelField}`, idColumnName: valueField },
    queryOptions: { retry: false },
  });
  const label = result?.[target.labelField];
  return <>{label === undefined || label === null ? String(id) : String(label)}</>;
}

/** `bound`: the range end this value is, for a date (a day, or an instant with its time). */
function formatted(field: FieldDefinition | undefined, value: unknown, bound?: "gte" | "lte"): ReactNode {
  if (field?.type === "money") return <Formatted value={value} as="money" />;
  if (field?.type === "number") return <Formatted value={value} as="number" />;
  if (field?.type === "date" || field?.type === "datetime") {
    const asDay = field.type === "date" || !bound || boundReadsAsDay(value, bound);
    return <Formatted value={value} as={asDay ? "date" : "dateTime"} />;
  }
  if (field?.type === "boolean") return <YesNo value={value === true || value === "true"} />;
  if (field?.type === "enum") return optionLabel(field, String(value));
  if (field?.reference) return <ReferenceLabel target={field.reference} id={value} />;
  return String(value);
}

function ChipValue({ field, filters }: { field: FieldDefinition | undefined; filters: LogicalFilter[] }) {
  const t = useTranslate();
  const [{ field: name, operator, value }] = filters;
  const from = filterValue(filters, name, "gte");
  const to = filterValue(filters, name, "lte");
  if (from !== undefined && to !== undefined) {
    return (
      <>
        {formatted(field, from, "gte")} – {formatted(field, to, "lte")}
      </>
    );
  }
  if (from !== undefined)
    return (
      <>
        {t("list.chipFrom", "from")} {formatted(field, from, "gte")}
      </>
    );
  if (to !== undefined)
    return (
      <>
        {t("list.chipTo", "to")} {formatted(field, to, "lte")}
      </>
    );
  const values = Array.isArray(value) ? value : [value];
  const shown = values.map((v, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the values of one filter, in their order
    <span key={i}>
      {i > 0 && ", "}
      {formatted(field, v)}
    </span>
  ));
  return operator === "contains" ? <>“{shown}”</> : shown;
}

export function FilterChips({ definition, filters, setFilters, setCurrentPage }: Props) {
  const t = useTranslate();
  const groups = activeFilterGroups(filters);
  if (groups.length === 0) return null;
  const replace = (next: CrudFilter[]) => {
    setFilters(next, "replace");
    setCurrentPage(1);
  };
  return (
    <Space wrap size={[4, 8]} role="group" aria-label={t("list.activeFilters", "Active filters")}>
      {groups.map(({ field: name, filters: group }) => {
        const field = definition.fields.find((f) => f.name === name);
        const label = field?.label ?? name;
        return (
          <Tag
            key={name}
            data-filter-chip={name}
            style={{ marginInlineEnd: 0, whiteSpace: "normal", paddingInlineEnd: 0 }}
          >
            {label}: <ChipValue field={field} filters={group} />
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t("list.removeFilter", { label }, "Remove the filter on {{label}}")}
              onClick={() => replace(withoutColumn(filters, name))}
            />
          </Tag>
        );
      })}
      <Button type="link" size="small" onClick={() => replace(onlySearch(filters))}>
        {t("list.clearFilters", "Clear all")}
      </Button>
    </Space>
  );
}
