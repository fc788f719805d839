// The console's antd theme, per theme and motion preference, and how its styles are generated.
// Shared by PreferencesProvider (the running console) and the build (vite.config.ts), which
// extracts the generated styles into static stylesheets (scripts/antdStaticStyles.ts), so
// the two must agree to the letter: this module imports nothing but antd at run time.
import type { Transformer } from "@ant-design/cssinjs";
import { theme as antdTheme, type ThemeConfig } from "antd";
import { dropBoxSizingResets } from "../../adapters/antd/boxSizingReset.ts";
import type { Theme } from "./preferences.ts";

// Colours that keep WCAG AA contrast (4.5:1) where antd's defaults fall short: the dark
// primary is lighter so links read on dark surfaces (primary buttons then carry dark text);
// links follow the primary instead of antd's lighter info blue; secondary text (descriptions,
// breadcrumbs, hints, counters) and danger text are stronger than antd's.
const TOKENS = {
  light: {
    colorPrimary: "#1f5fbf",
    colorLink: "#1f5fbf",
    colorTextDescription: "rgba(0, 0, 0, 0.62)",
    colorTextTertiary: "rgba(0, 0, 0, 0.62)",
    colorError: "#cf1322",
  },
  dark: {
    colorPrimary: "#5b9cf0",
    colorLink: "#5b9cf0",
    colorTextDescription: "rgba(255, 255, 255, 0.62)",
    colorTextTertiary: "rgba(255, 255, 255, 0.62)",
    colorError: "#ff7875",
  },
};

// Both themes: a table's empty text ("No documents yet.") is in antd's disabled grey, 1.8:1.
// Dark only: text on the primary button, and the selected menu item (antd's primary on its
// tinted background stays under 4.5:1 there).
const COMPONENTS = {
  light: { Table: { colorTextDisabled: TOKENS.light.colorTextDescription } },
  dark: {
    Table: { colorTextDisabled: TOKENS.dark.colorTextDescription },
    Button: { primaryColor: "#000" },
    Menu: { itemSelectedColor: "#fff", itemSelectedBg: "#1d3b66" },
  },
};

/** antd's theme for a theme and motion preference (reduced motion: antd's transitions off). */
export function themeConfig(theme: Theme, reducedMotion: boolean): ThemeConfig {
  return {
    algorithm: theme === "dark" ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: { ...TOKENS[theme], motion: !reducedMotion },
    components: COMPONENTS[theme],
  };
}

/** How antd's generated styles are rewritten (StyleProvider's transformers). */
export const STYLE_TRANSFORMERS: Transformer[] = [dropBoxSizingResets];
