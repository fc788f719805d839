// The few antd design tokens the console's own static CSS needs (RowActions.css, ListTable.css, RecordCard.css),
// as CSS custom properties on <html>, so plain elements look like antd's in either theme
// without being antd components: an antd component registers its styles on every mount,
// which a list pays for on every row of every page.
import { type ThemeConfig, theme } from "antd";

const EXPORTED = [
  "colorText",
  "colorTextSecondary",
  "colorBgContainer",
  "colorBorder",
  "colorSplit",
  "colorPrimaryHover",
  "colorPrimaryActive",
  "colorPrimaryBorder",
  "colorError",
  "colorErrorHover",
  "colorErrorActive",
  "colorErrorBorderHover",
  "colorErrorOutline",
  "controlTmpOutline",
  "controlOutlineWidth",
  "borderRadiusSM",
  "controlHeightSM",
  "lineWidthFocus",
  "motionDurationMid",
] as const;

/** `colorPrimaryHover` → `--od-color-primary-hover`. */
export const variableName = (token: string) => `--od-${token.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

const px = (value: unknown) => (typeof value === "number" ? `${value}px` : String(value));

/** The variables for a theme configuration, by name. */
export function tokenVariables(config: ThemeConfig): Record<string, string> {
  const token = theme.getDesignToken(config) as unknown as Record<string, unknown>;
  return Object.fromEntries(EXPORTED.map((name) => [variableName(name), px(token[name])]));
}

export function applyTokenVariables(config: ThemeConfig, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(tokenVariables(config))) root.style.setProperty(name, value);
}
