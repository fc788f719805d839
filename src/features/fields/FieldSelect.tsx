// antd's Select for form fields. antd 5 puts a required Form.Item's aria-required on the
// Select's root <div> as well as on its combobox input (ant-design#46030, fixed in antd 6);
// a plain div may not carry it (axe: aria-allowed-attr, critical), so it stays on the input.
import { type RefSelectProps, Select, type SelectProps } from "antd";
import { type Ref, useLayoutEffect, useRef } from "react";

type Props = SelectProps & { "aria-required"?: boolean | "true" | "false"; ref?: Ref<RefSelectProps> };

export function FieldSelect({ ref: outerRef, ...props }: Props) {
  const own = useRef<RefSelectProps | null>(null);
  const required = props["aria-required"];
  useLayoutEffect(() => {
    if (required !== undefined) own.current?.nativeElement?.removeAttribute("aria-required");
  }, [required]);
  // Form.Item hands its child a ref too (to focus and scroll to the field): both get the select.
  const ref = (select: RefSelectProps | null) => {
    own.current = select;
    if (typeof outerRef === "function") outerRef(select);
    else if (outerRef) outerRef.current = select;
  };
  return <Select ref={ref} {...props} />;
}
