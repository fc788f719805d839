// Show, hide and reorder the list's columns, in a popover that Escape closes (antd's popover
// does not), giving the keyboard back to its button.
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from "@ant-design/icons";
import { useTranslate } from "@refinedev/core";
import { Button, Checkbox, List, Popover } from "antd";
import { type KeyboardEvent, useRef, useState } from "react";
import { fieldsByName } from "../../lib/select";
import type { ResourceDefinition } from "../../resources/types";
import { choosableColumns, moveColumn, toggleColumn } from "./viewState";

interface Props {
  definition: ResourceDefinition;
  columns: string[];
  onChange: (columns: string[]) => void;
}

export function ColumnChooser({ definition, columns, onChange }: Props) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !open) return;
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };
  const hidden = choosableColumns(definition).filter((name) => !columns.includes(name));
  const fields = fieldsByName(definition, [...columns, ...hidden]);

  const content = (
    <List
      size="small"
      style={{ width: 280, maxHeight: 420, overflow: "auto" }}
      dataSource={fields}
      // Keyed by field: a toggled column moves between the shown and hidden groups, and its
      // checkbox (with the keyboard focus on it) must move with it.
      rowKey="name"
      renderItem={(field) => {
        const shown = columns.includes(field.name);
        const index = columns.indexOf(field.name);
        return (
          <List.Item
            actions={
              shown
                ? [
                    <Button
                      key="up"
                      size="small"
                      type="text"
                      icon={<ArrowUpOutlined />}
                      disabled={index === 0}
                      aria-label={t("savedViews.moveUp", { column: field.label }, "Move {{column}} up")}
                      onClick={() => onChange(moveColumn(columns, field.name, -1))}
                    />,
                    <Button
                      key="down"
                      size="small"
                      type="text"
                      icon={<ArrowDownOutlined />}
                      disabled={index === columns.length - 1}
                      aria-label={t("savedViews.moveDown", { column: field.label }, "Move {{column}} down")}
                      onClick={() => onChange(moveColumn(columns, field.name, 1))}
                    />,
                  ]
                : []
            }
          >
            <Checkbox
              checked={shown}
              disabled={shown && columns.length === 1}
              onChange={() => onChange(toggleColumn(columns, field.name))}
            >
              {field.label}
            </Checkbox>
          </List.Item>
        );
      }}
    />
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      // biome-ignore lint/a11y/noStaticElementInteractions: Escape from any control inside closes the popover
      content={<div onKeyDown={closeOnEscape}>{content}</div>}
      title={t("savedViews.columns", "Columns")}
    >
      <Button ref={button} icon={<SettingOutlined />} aria-expanded={open} onKeyDown={closeOnEscape}>
        {t("savedViews.columns", "Columns")}
      </Button>
    </Popover>
  );
}
