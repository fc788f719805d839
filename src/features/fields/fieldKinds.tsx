// The type map (react-admin guessers style): for each field type, how a value is shown,
// which input edits it, how the form converts it, and how a list filters it.
import type { MapValueEvent } from "@refinedev/antd";
import type { BaseRecord } from "@refinedev/core";
import { Checkbox, DatePicker, Input, type InputProps, Select, Tag, Typography } from "antd";
import type { FormItemProps } from "antd/es/form";
import dayjs, { type Dayjs } from "dayjs";
import type { ReactElement, ReactNode } from "react";
import { ConsoleLink } from "../../components/ConsoleLink";
import { showPath } from "../../components/paths";
import { optionLabel } from "../../i18n/localizeDefinition";
import { embeddedLabel } from "../../lib/select";
import { findResource } from "../../resources";
import type { FieldDefinition, FieldType } from "../../resources/types";
import { AuthUserEmail } from "./AuthUserEmail";
import { FieldSelect } from "./FieldSelect";
import { Formatted, MoneyInput, NumberInput } from "./formatted";
import {
  BucketPathInput,
  ChooseReference,
  ContainsInput,
  NumberRangeInput,
  OptionChecks,
  RangePicker,
  YesNo,
  YesNoSelect,
} from "./kindTexts";
import { dayRange, type FilterMode } from "./listFilters";
import { ReferenceSelect } from "./ReferenceSelect";
import { StorageImage } from "./StorageImage";
import { StoredObjectLink, StoredObjectPicker } from "./StoredObject";
import "./fieldKinds.css";

export interface FieldKind {
  render: (value: unknown, field: FieldDefinition, record: BaseRecord) => ReactNode;
  input: (field: FieldDefinition) => ReactNode;
  /** Conversions between the stored value and the input's value. */
  itemProps?: (field: FieldDefinition) => Partial<FormItemProps>;
  /** How a per-column filter filters and its input; no filter when absent (see listFilters.ts). */
  filter?: {
    mode: FilterMode;
    input: (field: FieldDefinition) => ReactElement;
    /** The dropdown's value → the input's value ("value"), and the input's → the dropdown's ("onChange"). */
    mapValue?: (value: unknown, event: MapValueEvent) => unknown;
  };
}

const empty = (value: unknown) => value === null || value === undefined || value === "";
const text = (value: unknown) => (empty(value) ? "" : String(value));
/** Optional text cleared by the operator is stored as NULL, not "". */
const nullWhenBlank: Partial<FormItemProps> = { normalize: (v: unknown) => (v === "" ? null : v) };
export const targetOf = (field: FieldDefinition) => {
  if (!field.reference) throw new Error(`Reference field "${field.name}" names no target resource`);
  return field.reference;
};
const optionsOf = (field: FieldDefinition) =>
  (field.options ?? []).map((o) => ({ value: o, label: optionLabel(field, o) }));

/**
 * A text's length against its limit, shown as the limit comes near and in red beyond it; the
 * text is never cut (the form's rule says what is too long). Counted in characters, as
 * Postgres's char_length counts them.
 */
export const lengthCount = (max: number | undefined): InputProps["count"] =>
  max === undefined
    ? undefined
    : {
        max,
        strategy: (value) => [...value].length,
        show: ({ count }) => (count >= max * 0.8 ? `${count} / ${max}` : null),
      };

const textKind: FieldKind = {
  render: (v, f) =>
    empty(v) ? (
      ""
    ) : f.authUser ? (
      <AuthUserEmail id={String(v)} />
    ) : f.storedObject ? (
      <StoredObjectLink id={String(v)} />
    ) : (
      text(v)
    ),
  // A key to a stored file is picked among the files the operator may read.
  input: (f) =>
    f.storedObject ? (
      <StoredObjectPicker label={f.label} />
    ) : (
      <Input placeholder={f.placeholder} count={lengthCount(f.maxLength)} />
    ),
  // A cleared picker (undefined) stores NULL too.
  itemProps: (f) =>
    f.required
      ? {}
      : f.storedObject
        ? { normalize: (v: unknown) => (v === undefined || v === "" ? null : v) }
        : nullWhenBlank,
  filter: { mode: "contains", input: (f) => <ContainsInput label={f.label} /> },
};

const dateItemProps = (withTime: boolean): Partial<FormItemProps> => ({
  getValueProps: (v: unknown) => ({ value: empty(v) ? undefined : dayjs(String(v)) }),
  normalize: (v: Dayjs | null) => (v ? (withTime ? v.toISOString() : v.format("YYYY-MM-DD")) : null),
});

// Either end may stay open; the days become the instants that bound them.
const dateFilter: FieldKind["filter"] = {
  mode: "range",
  input: () => <RangePicker allowEmpty={[true, true]} />,
  mapValue: (value, event) =>
    event === "value" ? dayRange.toPicker(value) : dayRange.toFilter(value as Parameters<typeof dayRange.toFilter>[0]),
};

const numberRangeFilter: FieldKind["filter"] = {
  mode: "range",
  input: (f) => <NumberRangeInput label={f.label} money={f.type === "money"} />,
};

export const FIELD_KINDS: Record<FieldType, FieldKind> = {
  id: { render: (v) => <Typography.Text code>{text(v)}</Typography.Text>, input: () => <Input disabled /> },
  text: textKind,
  email: { ...textKind, render: (v) => (empty(v) ? "" : <a href={`mailto:${String(v)}`}>{String(v)}</a>) },
  longText: {
    render: (v) => <Typography.Paragraph style={{ whiteSpace: "pre-wrap", margin: 0 }}>{text(v)}</Typography.Paragraph>,
    input: (f) => <Input.TextArea rows={4} count={lengthCount(f.maxLength)} />,
    itemProps: textKind.itemProps,
  },
  number: {
    render: (v) => <Formatted value={v} as="number" />,
    // No min, max or precision: antd would clamp and round on blur, silently (rules.ts says why
    // instead). Shown with the column's decimals (numeric(10,2): two), whole numbers otherwise.
    input: (f) => <NumberInput fractionDigits={f.scale ?? 0} style={{ width: "100%" }} />,
    filter: numberRangeFilter,
  },
  money: {
    render: (v) => <Formatted value={v} as="money" />,
    input: () => <MoneyInput step={0.01} style={{ width: "100%" }} />,
    filter: numberRangeFilter,
  },
  enum: {
    render: (v, f) =>
      empty(v) ? "" : <Tag color={f.optionStyles?.[String(v)]?.color}>{optionLabel(f, String(v))}</Tag>,
    input: (f) => <FieldSelect options={optionsOf(f)} allowClear={!f.required} />,
    // The values as checkboxes: a multiple select's open list covered the dropdown's buttons.
    filter: { mode: "in", input: (f) => <OptionChecks label={f.label} options={optionsOf(f)} /> },
  },
  boolean: {
    render: (v) => <YesNo value={v} />,
    input: (f) => <Checkbox>{f.label}</Checkbox>,
    itemProps: () => ({ valuePropName: "checked" }),
    filter: {
      mode: "eq",
      input: (f) => <YesNoSelect style={{ minWidth: 120 }} aria-label={f.label} />,
    },
  },
  date: {
    render: (v) => <Formatted value={v} as="date" />,
    input: () => <DatePicker />,
    itemProps: () => dateItemProps(false),
    filter: dateFilter,
  },
  datetime: {
    render: (v) => <Formatted value={v} as="dateTime" />,
    input: () => <DatePicker showTime />,
    itemProps: () => dateItemProps(true),
    filter: dateFilter,
  },
  tags: {
    render: (v, f) =>
      Array.isArray(v)
        ? v.map((t) => (
            <Tag key={String(t)} color={f.optionStyles?.[String(t)]?.color}>
              {f.options ? optionLabel(f, String(t)) : String(t)}
            </Tag>
          ))
        : "",
    // An array of an enum picks among its values; of numbers or text, takes typed items.
    input: (f) =>
      f.options ? (
        <Select mode="multiple" options={optionsOf(f)} aria-label={f.label} />
      ) : (
        <Select mode="tags" tokenSeparators={[","]} open={false} suffixIcon={null} aria-label={f.label} />
      ),
    itemProps: (f) =>
      f.numberItems
        ? { normalize: (v: unknown) => (Array.isArray(v) ? v.map((item) => (item === "" ? item : Number(item))) : v) }
        : {},
  },
  reference: {
    render: (v, f, record) => {
      if (empty(v)) return "";
      const target = targetOf(f);
      const label = embeddedLabel(target, record) ?? v;
      const targetDef = findResource(target.resource);
      const to = targetDef ? showPath(targetDef, String(v)) : `/${target.resource}/${encodeURIComponent(String(v))}`;
      return <ConsoleLink to={to}>{String(label)}</ConsoleLink>;
    },
    input: (f) => <ChooseReference target={targetOf(f)} label={f.label} />,
    filter: {
      mode: "eq",
      input: (f) => <ReferenceSelect target={targetOf(f)} style={{ minWidth: 220 }} aria-label={f.label} />,
    },
  },
  image: {
    render: (v, f) => (empty(v) || !f.bucket ? "" : <StorageImage bucket={f.bucket} path={String(v)} />),
    input: () => <BucketPathInput />,
    itemProps: () => nullWhenBlank,
  },
  json: {
    render: (v) =>
      empty(v) ? (
        ""
      ) : (
        // Long keys and values wrap, so an audit entry's Before and After fit a 390 px phone
        // (docs/everyday.md "Tab titles, phone width, menu"); a long document scrolls down.
        <pre className="json-value">{JSON.stringify(v, null, 2)}</pre>
      ),
    // Edited as JSON text; the form stores the parsed value (jsonbRules refuses text that is no JSON).
    input: (f) => <Input.TextArea rows={6} disabled={f.readOnly} spellCheck={false} />,
    itemProps: () => ({
      getValueProps: (v: unknown) => ({
        value: empty(v) ? "" : typeof v === "string" ? v : JSON.stringify(v, null, 2),
      }),
      normalize: (v: unknown) => v,
      getValueFromEvent: (event: { target: { value: string } }) => event.target.value,
    }),
  },
};

/** A field type's renderer or input replaced in the override registry (src/overrides.tsx). */
export type KindOverrides = Partial<Record<FieldType, Partial<Pick<FieldKind, "render" | "input">>>>;

let kinds: Record<FieldType, FieldKind> = FIELD_KINDS;

/** Puts the registry's kinds over the type map (App.tsx, once as the console loads); `{}` restores it. */
export function overrideKinds(overrides: KindOverrides): void {
  kinds = { ...FIELD_KINDS };
  for (const [type, kind] of Object.entries(overrides) as [FieldType, Partial<FieldKind>][]) {
    kinds[type] = { ...FIELD_KINDS[type], ...kind };
  }
}

export const kindOf = (field: FieldDefinition): FieldKind => kinds[field.type];

/** The value as shown in lists and show pages. */
export function renderField(field: FieldDefinition, record: BaseRecord): ReactNode {
  return kindOf(field).render(record[field.name], field, record);
}

export function inputFor(field: FieldDefinition): ReactNode {
  return kindOf(field).input(field);
}
