// Holds the operator's theme and language for the whole console: antd's theme algorithm and
// locale (from the language's pack, i18n/packs), <html lang>/colour scheme, and a Refine i18nProvider that changes
// identity with the language so every translated string re-renders.
import { StyleProvider } from "@ant-design/cssinjs";
import type { I18nProvider } from "@refinedev/core";
import { ConfigProvider } from "antd";
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
import { initialTheme, type Preferences, rememberTheme, savePreference, type Theme } from "./preferences";
import { STYLE_TRANSFORMERS, themeConfig } from "./themeConfig";
import { applyTokenVariables } from "./tokenVariables";
import { useReducedMotion } from "./useReducedMotion";

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
  const antdTheme = useMemo(() => themeConfig(theme, reducedMotion), [theme, reducedMotion]);
  // Before the first paint of whatever uses them.
  useLayoutEffect(() => applyTokenVariables(antdTheme), [antdTheme]);

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
      <StyleProvider transformers={STYLE_TRANSFORMERS}>
        <ConfigProvider locale={antdLocaleOf(locale) ?? enUS} theme={antdTheme}>
          {children}
        </ConfigProvider>
      </StyleProvider>
    </PreferencesContext.Provider>
  );
}
