// Translation for screens outside Refine (the sign-in screens): the same i18nProvider and
// call forms as Refine's useTranslate, from the preferences' current language.
import { useMemo } from "react";
import { useI18nProvider } from "./PreferencesProvider";

export interface TextFunction {
  (key: string, defaultMessage: string): string;
  (key: string, options: Record<string, unknown>, defaultMessage: string): string;
}

export function useText(): TextFunction {
  const provider = useI18nProvider();
  return useMemo(
    () =>
      ((key: string, options: Record<string, unknown> | string, defaultMessage?: string) =>
        provider.translate(key, options, defaultMessage)) as TextFunction,
    [provider],
  );
}
