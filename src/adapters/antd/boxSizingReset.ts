// antd gives every component a box-sizing reset for each element whose class starts with the
// component's prefix: `[class^="ant-table"] [class^="ant-table"]`, with `::before` and `::after`,
// and the layout one for every element inside it (`.ant-layout *`). Attribute selectors with a
// descendant combinator cannot be rejected early, so the browser tries all ~200 of them on
// every element at every style recalculation: half the selector-matching time of a list's page
// change. antd's reset.css, which the console loads, already makes every element and pseudo
// element border-box, so these rules only repeat it; this transformer leaves them out.
import type { CSSObject, Transformer } from "@ant-design/cssinjs";

/** The reset's selector: `[class^="ant-x"], [class*=" ant-x"]`. */
const PREFIX_SELECTOR = /^\[class\^="[\w-]+"\], \[class\*=" [\w-]+"\]$/;
const PSEUDO_ELEMENTS = "&::before, &::after";
const LAYOUT_DESCENDANTS = "&, *";

const isObject = (value: unknown): value is CSSObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Only `box-sizing: border-box`, for the element (and its pseudo elements). */
const onlyBorderBox = (style: CSSObject): boolean =>
  Object.entries(style).every(
    ([key, value]) =>
      (key === "boxSizing" && value === "border-box") ||
      (key === PSEUDO_ELEMENTS && isObject(value) && onlyBorderBox(value)),
  );

/** The reset without its box-sizing parts; what else it sets (the font) stays. */
function withoutBorderBox(style: CSSObject): CSSObject {
  const kept: CSSObject = {};
  for (const [key, value] of Object.entries(style)) {
    if (key === "boxSizing" && value === "border-box") continue;
    if ((key === PSEUDO_ELEMENTS || PREFIX_SELECTOR.test(key)) && isObject(value) && onlyBorderBox(value)) continue;
    (kept as Record<string, unknown>)[key] = value;
  }
  return kept;
}

export const dropBoxSizingResets: Transformer = {
  visit(style) {
    let changed = false;
    const next: CSSObject = {};
    for (const [key, value] of Object.entries(style)) {
      if (isObject(value) && key === LAYOUT_DESCENDANTS && onlyBorderBox(value)) {
        changed = true;
        continue;
      }
      if (isObject(value) && PREFIX_SELECTOR.test(key)) {
        const kept = withoutBorderBox(value);
        changed = true;
        if (Object.keys(kept).length > 0) (next as Record<string, unknown>)[key] = kept;
        continue;
      }
      (next as Record<string, unknown>)[key] = value;
    }
    return changed ? next : style;
  },
};
