// Values and money input in the operator's language (src/i18n/useFormat.ts), as components so
// the field kinds' plain render functions (fieldKinds.tsx) show them formatted and follow a
// change of language.
import { InputNumber, type InputNumberProps } from "antd";
import { useFormat } from "../../i18n/useFormat";
import type { Formats } from "../../lib/format";

type ValueFormat = "number" | "money" | "date" | "dateTime";

export function Formatted({ value, as }: { value: unknown; as: ValueFormat }) {
  const format = useFormat();
  return <>{(format[as] as Formats[ValueFormat])(value)}</>;
}

/**
 * A number as the operator's language writes it: German reads "1.000" as a thousand and
 * "12,5" as twelve and a half (antd's own parser took them for 1 and 125).
 */
export function NumberInput({ fractionDigits = 0, ...props }: InputNumberProps<number> & { fractionDigits?: number }) {
  const marks = useFormat().numberInput(fractionDigits);
  return (
    <InputNumber<number>
      {...props}
      // While the operator types, their text stays as typed (a reformat would move the caret).
      formatter={(value, { userTyping, input }) => (userTyping ? input : marks.formatter(value))}
      // The plain text of the number, as antd's own parser gives: an emptied field stays empty
      // (Number("") would store 0).
      parser={(text) => marks.parser(text) as unknown as number}
    />
  );
}

/** An amount in the store's currency: its sign, and grouping and decimal mark of the language. */
export function MoneyInput(props: InputNumberProps<number>) {
  const format = useFormat();
  return <NumberInput {...props} fractionDigits={2} prefix={format.currencySymbol} />;
}
