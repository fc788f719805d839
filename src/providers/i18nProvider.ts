// Refine's built-in notification titles read "Error (status code: 409)"; these say what failed.
// The description under the title is the SPEC §8 message from the data provider.
import type { I18nProvider } from "@refinedev/core";

const TITLES: Record<string, (resource: string) => string> = {
  "notifications.createError": (r) => `Could not create the ${r}`,
  "notifications.editError": (r) => `Could not save the ${r}`,
  "notifications.deleteError": (r) => `Could not delete the ${r}`,
  "notifications.error": () => "Something went wrong",
  "notifications.createSuccess": (r) => `The ${r} was created`,
  "notifications.editSuccess": (r) => `The ${r} was saved`,
  "notifications.deleteSuccess": (r) => `The ${r} was deleted`,
};

export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => {
    const title = TITLES[key];
    if (title) return title(String((options as { resource?: string } | undefined)?.resource ?? "record").toLowerCase());
    // Refine also calls translate(key, defaultMessage).
    if (typeof options === "string") return options;
    return defaultMessage ?? key;
  },
  changeLocale: async () => {},
  getLocale: () => "en",
};
