// Values and money input in the operator's language (src/i18n/useFormat.ts), as components so
// the field kinds' plain render functions (fieldKinds.tsx) show them formatted and follow a
// change of language.
import { InputNumber, type InputNumberProps } from "antd";
import { useFormat } from "../i18n/useFormat";
import type { Formats } from "../lib/format";

type ValueFormat = "number" | "money" | "date" | "dateTime";

export function Formatted({ value, as }: { value: unknown; as: ValueFormat }) {
  const format = useFormat();
  return <>{(format[as] as Formats[ValueFormat])(value)}</>;
}

/** An amount in the store's currency: its sign, and grouping and decimal mark of the language. */
export function MoneyInput(props: InputNumberProps<number>) {
  const format = useFormat();
  return (
    <InputNumber<number>
      {...props}
      prefix={format.currencySymbol}
      // While the operator types, their text stays as typed (a reformat would move the caret).
      formatter={(value, { userTyping, input }) => (userTyping ? input : format.amountInput.formatter(value))}
      // The plain text of the number, as antd's own parser gives: an emptied field stays empty
      // (Number("") would store 0).
      parser={(text) => format.amountInput.parser(text) as unknown as number}
    />
  );
}
