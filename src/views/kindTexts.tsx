// The fixed words of the field kinds (fieldKinds.tsx) in the operator's language. Small
// components, because the kinds are plain functions that run outside React's hooks.
import { useTranslate } from "@refinedev/core";
import { Input, type InputProps, Select, type SelectProps } from "antd";
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

export function ChooseReference({ label, ...props }: ReferenceSelectProps & { label: string }) {
  const t = useTranslate();
  // `resource` is lower-cased mid-sentence in English by the i18nProvider, kept in German.
  return <ReferenceSelect {...props} placeholder={t("fields.choose", { resource: label }, "Choose a {{resource}}")} />;
}

export function BucketPathInput(props: InputProps) {
  const t = useTranslate();
  return <Input {...props} placeholder={t("fields.bucketPath", "path in the bucket")} />;
}
