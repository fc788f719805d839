// Theme and language follow the operator: stored in `operator_preferences` (RLS: own row)
// and mirrored in localStorage, so the next page load paints right before anyone signs in.
import { isLocale, type Locale } from "../../i18n";

// The console's backend is fetched when first needed: the sign-in screens (which show the
// theme and language too) load only the auth client (providers/authBackend.ts).
const consoleBackend = () => import("../../providers/backend").then((module) => module.backend);

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme);

/** Read by the inline script in index.html too: keep the two in step. */
export const THEME_STORAGE_KEY = "opsdesk.theme";

export function initialTheme(): Theme {
  const stored = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
  return isTheme(stored) ? stored : "light";
}

export function rememberTheme(theme: Theme): void {
  globalThis.localStorage?.setItem(THEME_STORAGE_KEY, theme);
}

export interface Preferences {
  theme: Theme;
  locale: Locale;
}

/** The signed-in operator's stored preferences; undefined when none are stored (or signed out). */
export async function loadPreferences(): Promise<Partial<Preferences> | undefined> {
  const data = await (await consoleBackend()).preferences.load();
  if (!data) return undefined;
  return {
    theme: isTheme(data.theme) ? data.theme : undefined,
    locale: isLocale(data.locale) ? data.locale : undefined,
  };
}

/** Stores one change for the signed-in operator; does nothing on the sign-in screens. */
export const savePreference = async (change: Partial<Preferences>): Promise<void> =>
  (await consoleBackend()).preferences.store(change);
