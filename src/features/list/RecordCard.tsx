// A list row as a card, for phones (ResourceList below antd's `sm`, 576 px): at 390 px the table
// showed a SKU and half a name beside an actions column that took a quarter of the width. The
// card shows the record's title (linked to its page) with its actions beside it, and every
// other shown column of the list as a label and its value, two to a line, wrapping as German
// labels need; nothing scrolls sideways.
import type { BaseKey, BaseRecord } from "@refinedev/core";
import type { ReactNode } from "react";
import { ConsoleLink } from "../../components/ConsoleLink";
import { showPath } from "../../components/paths";
import { idColumnOf } from "../../lib/select";
import type { FieldDefinition, ResourceDefinition } from "../../resources/types";
import { keepsTogether, renderCell } from "./columns";
import "./RecordCard.css";

/** Values that need a line of their own (an e-mail address broke mid-word in half a card). */
const WIDE = new Set(["email", "longText", "tags"]);

const empty = (value: unknown) =>
  value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

interface Props {
  /** The definition as shown (labels in the operator's language). */
  definition: ResourceDefinition;
  record: BaseRecord;
  /** The list's shown columns other than the title. */
  fields: FieldDefinition[];
  actions: ReactNode;
  canShow: boolean;
}

export function RecordCard({ definition: def, record, fields, actions, canShow }: Props) {
  const title = String(record[def.titleField] ?? record[idColumnOf(def)] ?? "");
  return (
    <article className="record-card" aria-label={title}>
      <div className="record-card-head">
        <strong className="record-card-title">
          {canShow ? <ConsoleLink to={showPath(def, record[idColumnOf(def)] as BaseKey)}>{title}</ConsoleLink> : title}
        </strong>
        {actions}
      </div>
      <dl className="record-card-fields">
        {fields
          .filter((field) => !empty(record[field.name]))
          .map((field) => (
            <div
              key={field.name}
              className={`record-card-field${WIDE.has(field.type) ? " record-card-wide" : ""}${keepsTogether(field) ? " record-card-whole" : ""}`}
              data-field={field.name}
            >
              <dt>{field.label}</dt>
              <dd>{renderCell(field, record)}</dd>
            </div>
          ))}
      </dl>
    </article>
  );
}
