// antd's icons as plain elements, for places that mount many at once (a list's row actions:
// 75 per page change). An @ant-design/icons component is three components and an effect that
// checks its stylesheet on every mount, a fifth of the components a page change mounted; this
// is the same markup (span.anticon > svg) made once, with none of that. The `.anticon` rules
// come with antd's static stylesheet.
import type { AbstractNode, IconDefinition } from "@ant-design/icons-svg/es/types";
import { createElement, type ReactElement } from "react";

/** SVG attributes as React props (`fill-rule` → `fillRule`), as @ant-design/icons does. */
const propsOf = (attrs: AbstractNode["attrs"]) =>
  Object.fromEntries(
    Object.entries(attrs).map(([name, value]) => [name.replace(/-(.)/g, (_, c: string) => c.toUpperCase()), value]),
  );

function toElement(node: AbstractNode, key?: number): ReactElement {
  return createElement(node.tag, { ...propsOf(node.attrs), key }, ...(node.children ?? []).map(toElement));
}

/** An outlined or filled icon's element, to be made once and reused. */
export function staticIcon(definition: IconDefinition): ReactElement {
  if (typeof definition.icon === "function") throw new Error(`${definition.name}: two-tone icons need colours`);
  const svg = definition.icon;
  return (
    <span role="img" aria-label={definition.name} className={`anticon anticon-${definition.name}`}>
      {createElement(
        "svg",
        {
          ...propsOf(svg.attrs),
          "data-icon": definition.name,
          width: "1em",
          height: "1em",
          fill: "currentColor",
          "aria-hidden": true,
        },
        ...(svg.children ?? []).map(toElement),
      )}
    </span>
  );
}
