// Options of enum fields. A database enum's values come from the generated types
// (database.types.ts `Constants`, in the enum's order); each option carries the English
// label and the tag colour the console shows it with, written beside the definition
// that uses it, so the generic views know no domain value.
import { Constants, type Database } from "./database.types";
import type { OptionStyle } from "./types";

type Enums = Database["public"]["Enums"];

/** The generated values, typed per enum so a generic enum name finds its own values. */
const ENUM_VALUES: { readonly [Name in keyof Enums]: readonly Enums[Name][] } = Constants.public.Enums;

/** How each value looks: every value styled and no other, so a value the enum gains fails typecheck until styled. */
export type OptionStyles<Value extends string> = { readonly [V in Value]: OptionStyle };

/** A field's `options` and `optionStyles`, from one list of values. */
export function optionsOf<Value extends string>(values: readonly Value[], styles: OptionStyles<Value>) {
  return { options: values, optionStyles: styles as Readonly<Record<string, OptionStyle>> };
}

/** The options of a column of a database enum type. */
export function enumOptions<Name extends keyof Enums>(name: Name, styles: OptionStyles<Enums[Name]>) {
  return optionsOf(ENUM_VALUES[name], styles);
}
