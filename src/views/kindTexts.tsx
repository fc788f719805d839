// The fixed words of the field kinds (fieldKinds.tsx) in the operator's language. Small
// components, because the kinds are plain functions that run outside React's hooks.
import { useTranslate } from "@refinedev/core";
import { Input, InputNumber, type InputProps, Select, type SelectProps, Space } from "antd";
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
  min,
  max,
}: {
  label: string;
  value?: NumberRange;
  onChange?: (range: NumberRange) => void;
  min?: number;
  max?: number;
}) {
  const t = useTranslate();
  const [from = null, to = null] = value ?? [];
  return (
    <Space.Compact>
      <InputNumber
        value={from}
        min={min}
        max={max}
        onChange={(next) => onChange?.([next, to])}
        placeholder={t("list.from", "From")}
        aria-label={t("list.rangeFrom", { label }, "{{label}} from")}
      />
      <InputNumber
        value={to}
        min={min}
        max={max}
        onChange={(next) => onChange?.([from, next])}
        placeholder={t("list.to", "To")}
        aria-label={t("list.rangeTo", { label }, "{{label}} to")}
      />
    </Space.Compact>
  );
}

export function ChooseReference({ label, ...props }: ReferenceSelectProps & { label: string }) {
  const t = useTranslate();
  // `resource` is lower-cased mid-sentence in English by the i18nProvider, kept in German.
  return <ReferenceSelect {...props} placeholder={t("fields.choose", { resource: label }, "Choose a {{resource}}")} />;
}

export function BucketPathInput(props: InputProps) {
  const t = useTranslate();
  return <Input {...props} placeholder={t("fields.bucketPath", "path in the bucket")} />;
}
