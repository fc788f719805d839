// Holds the operator's theme and language for the whole console: antd's theme algorithm and
// locale (from the language's pack, i18n/packs), <html lang>/colour scheme, and a Refine i18nProvider that changes
// identity with the language so every translated string re-renders.
import { StyleProvider } from "@ant-design/cssinjs";
import type { I18nProvider } from "@refinedev/core";
import { theme as antdTheme, ConfigProvider } from "antd";
// The ES modules: antd/locale/* re-export CommonJS, whose default import the production
// build resolved to the module object, so antd's own texts (pagination, close) stayed English.
import enUS from "antd/es/locale/en_US";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from "react";
import { antdLocaleOf, type Locale } from "../../i18n";
import { i18nProvider } from "../../i18n/i18nProvider";
import { dropBoxSizingResets } from "./boxSizingReset";
import { initialTheme, type Preferences, rememberTheme, savePreference, type Theme } from "./preferences";
import { applyTokenVariables } from "./tokenVariables";
import { useReducedMotion } from "./useReducedMotion";

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

const TRANSFORMERS = [dropBoxSizingResets];

interface PreferencesContextValue extends Preferences {
  setTheme: (theme: Theme) => void;
  setLocale: (locale: Locale) => void;
  /** Applies stored preferences without writing them back. */
  apply: (preferences: Partial<Preferences>) => void;
}

const PreferencesContext = createContext<PreferencesContextValue | undefined>(undefined);

export function usePreferences(): PreferencesContextValue {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error("usePreferences needs <PreferencesProvider>");
  return value;
}

/** The Refine i18nProvider for the current language (a new object per language). */
export function useI18nProvider(): I18nProvider {
  const { locale } = usePreferences();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the new identity on a language change is the point
  return useMemo(() => ({ ...i18nProvider }), [locale]);
}

function applyToDocument({ theme, locale }: Preferences) {
  const root = document.documentElement;
  root.lang = locale;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}

export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(initialTheme);
  const [locale, setLocaleState] = useState<Locale>(() => i18nProvider.getLocale() as Locale);

  useEffect(() => applyToDocument({ theme, locale }), [theme, locale]);

  const apply = useCallback((preferences: Partial<Preferences>) => {
    if (preferences.theme) {
      rememberTheme(preferences.theme);
      setThemeState(preferences.theme);
    }
    if (preferences.locale) {
      const next = preferences.locale;
      void Promise.resolve(i18nProvider.changeLocale(next)).then(() => setLocaleState(next));
    }
  }, []);

  const save = useCallback(
    (change: Partial<Preferences>) => {
      apply(change);
      // The choice already shows; a failed write only means it is not remembered elsewhere.
      savePreference(change).catch((error) => console.warn("Could not store the preference", error));
    },
    [apply],
  );

  const reducedMotion = useReducedMotion();
  const themeConfig = useMemo(
    () => ({
      algorithm: theme === "dark" ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
      token: { ...TOKENS[theme], motion: !reducedMotion },
      components: COMPONENTS[theme],
    }),
    [theme, reducedMotion],
  );
  // Before the first paint of whatever uses them.
  useLayoutEffect(() => applyTokenVariables(themeConfig), [themeConfig]);

  const value = useMemo<PreferencesContextValue>(
    () => ({
      theme,
      locale,
      apply,
      setTheme: (next) => save({ theme: next }),
      setLocale: (next) => save({ locale: next }),
    }),
    [theme, locale, apply, save],
  );

  return (
    <PreferencesContext.Provider value={value}>
      <StyleProvider transformers={TRANSFORMERS}>
        <ConfigProvider locale={antdLocaleOf(locale) ?? enUS} theme={themeConfig}>
          {children}
        </ConfigProvider>
      </StyleProvider>
    </PreferencesContext.Provider>
  );
}
