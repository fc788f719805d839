// The fixed words of the field kinds (fieldKinds.tsx) in the operator's language. Small
// components, because the kinds are plain functions that run outside React's hooks.
import { SwapRightOutlined } from "@ant-design/icons";
import { useTranslate } from "@refinedev/core";
import { Checkbox, DatePicker, Input, type InputProps, Select, type SelectProps, Space } from "antd";
import type { ComponentProps } from "react";
import { MoneyInput, NumberInput } from "./formatted";
import { ReferenceSelect } from "./ReferenceSelect";

type ReferenceSelectProps = Parameters<typeof ReferenceSelect>[0];

function useYesNo() {
  const t = useTranslate();
  return { yes: t("fields.yes", "Yes"), no: t("fields.no", "No") };
}

export function YesNo({ value }: { value: unknown }) {
  const { yes, no } = useYesNo();
  return value ? yes : no;
}

type YesNoOption = { value: boolean; label: string };

/** antd's range picker with its separator named in the operator's language (antd names it "to" in any). */
export function RangePicker(props: ComponentProps<typeof DatePicker.RangePicker>) {
  const t = useTranslate();
  const separator = (
    <span role="img" aria-label={t("list.rangeSeparator", "to")} className="ant-picker-separator">
      <SwapRightOutlined />
    </span>
  );
  return <DatePicker.RangePicker separator={separator} {...props} />;
}

export function YesNoSelect(props: SelectProps<boolean, YesNoOption>) {
  const { yes, no } = useYesNo();
  return (
    <Select
      {...props}
      options={[
        { value: true, label: yes },
        { value: false, label: no },
      ]}
    />
  );
}

/** An enum column's filter: a checkbox per value, any of which a row may have. */
export function OptionChecks({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: string; label: string }[];
  value?: unknown[];
  onChange?: (values: unknown[]) => void;
}) {
  return (
    <fieldset aria-label={label} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <Checkbox.Group
        options={options}
        value={value ?? []}
        onChange={(values) => onChange?.(values)}
        style={{ display: "flex", flexDirection: "column", gap: 6, minWidth: 160 }}
      />
    </fieldset>
  );
}

/** The text filter of a column ("Name contains…"). */
export function ContainsInput({ label, ...props }: InputProps & { label: string }) {
  const t = useTranslate();
  return <Input {...props} placeholder={t("fields.contains", { label }, "{{label}} contains…")} />;
}

type NumberRange = [number | string | null, number | string | null];

/** A from–to filter of a number column; either end may stay empty. */
export function NumberRangeInput({
  label,
  value,
  onChange,
  money = false,
}: {
  label: string;
  value?: NumberRange;
  onChange?: (range: NumberRange) => void;
  /** An amount: the currency's sign and two decimals. */
  money?: boolean;
}) {
  const EndInput = money ? MoneyInput : NumberInput;
  const t = useTranslate();
  const range: NumberRange = [value?.[0] ?? null, value?.[1] ?? null];
  const ends = [
    { placeholder: t("list.from", "From"), label: t("list.rangeFrom", { label }, "{{label}} from") },
    { placeholder: t("list.to", "To"), label: t("list.rangeTo", { label }, "{{label}} to") },
  ];
  return (
    <Space.Compact>
      {ends.map((end, index) => (
        <EndInput
          key={end.label}
          // From the URL an end may arrive as text ("10").
          value={range[index] === null || range[index] === "" ? null : Number(range[index])}
          onChange={(next) => onChange?.(index === 0 ? [next, range[1]] : [range[0], next])}
          placeholder={end.placeholder}
          aria-label={end.label}
        />
      ))}
    </Space.Compact>
  );
}

export function ChooseReference({ label, ...props }: ReferenceSelectProps & { label: string }) {
  const t = useTranslate();
  // `resource` is lower-cased mid-sentence in English by the i18nProvider, kept in German.
  return (
    <ReferenceSelect
      {...props}
      choosableOnly
      placeholder={t("fields.choose", { resource: label }, "Choose a {{resource}}")}
    />
  );
}

export function BucketPathInput(props: InputProps) {
  const t = useTranslate();
  return <Input {...props} placeholder={t("fields.bucketPath", "path in the bucket")} />;
}
