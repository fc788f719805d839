// A list column's filter dropdown (columns.tsx), in place of @refinedev/antd's FilterDropdown:
// the same input wiring (the field kind's input gets the dropdown's value and onChange,
// through `mapValue`), plus what operators expect of a small form: Enter applies the filter
// from any of its inputs (a number range's "to" too), unless it chooses an option of an open
// list. The buttons sit below the input, and an enum's values are checkboxes rather than a
// select whose open list covered them (fieldKinds.tsx).
import { FilterOutlined } from "@ant-design/icons";
import type { MapValueEvent } from "@refinedev/antd";
import { useTranslate } from "@refinedev/core";
import { Button, Space, type TableColumnProps } from "antd";
import dayjs from "dayjs";
import { Children, cloneElement, isValidElement, type KeyboardEvent, type ReactElement, type ReactNode } from "react";
import { FOCUSED_PICKER } from "../../adapters/antd/selectors";

type AntdFilterDropdownProps = Parameters<Exclude<TableColumnProps<unknown>["filterDropdown"], ReactNode>>[0];

interface Props extends AntdFilterDropdownProps {
  mapValue?: (value: unknown, event: MapValueEvent) => unknown;
  children: ReactElement;
}

/** Whether Enter belongs to the focused control itself: choosing in an open list or picker. */
function enterChooses(target: EventTarget | null): boolean {
  const element = target instanceof HTMLElement ? target : null;
  return element?.getAttribute("aria-expanded") === "true" || element?.closest(FOCUSED_PICKER) !== null;
}

/**
 * A filter's input (the field kind's), given the filter's value as antd's dropdown holds it (an
 * array of keys) through `mapValue`, as @refinedev/antd's FilterDropdown gives it; the phone's
 * filter drawer (PhoneListTools.tsx) holds the same keys.
 */
export function FilterInput({
  keys,
  setKeys,
  mapValue,
  children,
}: {
  keys: unknown;
  setKeys: (keys: unknown[]) => void;
  mapValue?: Props["mapValue"];
  children: ReactElement;
}) {
  const map = mapValue ?? ((value: unknown) => value);
  const onChange = (event: unknown) => {
    const value =
      event && typeof event === "object" && "target" in event && !dayjs.isDayjs(event)
        ? (event.target as HTMLInputElement).value
        : event;
    const mapped = map(value, "onChange");
    setKeys(Array.isArray(mapped) ? mapped : mapped === undefined || mapped === null ? [] : [mapped]);
  };
  return (
    <>
      {Children.map(children, (child) =>
        isValidElement(child)
          ? cloneElement(child as ReactElement<{ value?: unknown; onChange?: unknown }>, {
              value: map(keys, "value"),
              onChange,
            })
          : child,
      )}
    </>
  );
}

export function ColumnFilter({ setSelectedKeys, confirm, clearFilters, selectedKeys, mapValue, children }: Props) {
  const t = useTranslate();
  // antd reads the latest keys when it confirms (its own ref), so Enter right after typing applies what was typed.
  const apply = () => confirm();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Enter" || event.defaultPrevented || enterChooses(event.target)) return;
    event.preventDefault();
    apply();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Enter from the inputs inside applies the filter, as a form's submit
    <div style={{ padding: 10, display: "flex", flexDirection: "column", gap: 12 }} onKeyDown={onKeyDown}>
      <div>
        <FilterInput keys={selectedKeys} setKeys={(keys) => setSelectedKeys(keys as never)} mapValue={mapValue}>
          {children}
        </FilterInput>
      </div>
      <Space style={{ justifyContent: "flex-end" }}>
        <Button type="primary" size="small" icon={<FilterOutlined />} onClick={apply}>
          {t("buttons.filter", "Filter")}
        </Button>
        <Button danger size="small" onClick={() => clearFilters?.()}>
          {t("buttons.clear", "Clear")}
        </Button>
      </Space>
    </div>
  );
}
