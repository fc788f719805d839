// The operator-facing messages of docs/product.md §8, in one place so screens and tests agree.
export const MESSAGES = {
  wrongCredentials: "Wrong e-mail or password.",
  noAccess: "This account has no access to Opsdesk.",
  sessionEnded: "Your session has ended. Please sign in again.",
  forbidden: "You don't have permission to do that.",
  stale: "Someone else changed this record. Reload to see their changes.",
  /** merge_customers: either customer of the pair changed since the pair was shown. */
  staleMerge: "Someone else changed one of these customers. Reload to see their changes.",
  tooManyAttempts: "Too many attempts. Try again in a few minutes.",
  network: "Can't reach the server. Retrying…",
} as const;

/** "A <resource> with this <field> already exists.", remembered with its key and values (templated). */
export const uniqueMessage = (resource: string, field: string) =>
  templated(`A ${resource} with this ${field} already exists.`, "messages.unique", { resource, field });
/** "This <resource> is still used by <other>.", remembered with its key and values (templated). */
export const stillUsedMessage = (resource: string, other: string) =>
  templated(`This ${resource} is still used by ${other}.`, "messages.stillUsed", { resource, other });

/** Anything with Refine's translate signature (useTranslate(), i18nProvider.translate). */
export type Translate = (key: string, options: Record<string, unknown>, defaultMessage: string) => string;

/** A word inside a message that has its own translation (a resource or field label). */
export interface Label {
  key: string;
  text: string;
}

interface Template {
  key: string;
  values: Record<string, string | Label>;
  /**
   * The resource the sentence is about, as i18next's context: German keys `<key>_<resource>`
   * say the whole sentence with that noun's article and case ("Ein Produkt …", "Eine
   * Kategorie …"); the plain key is the fallback for a resource without one.
   */
  context?: string;
}

// The key and values of each message the providers built, by its English text: errors travel
// through Refine (notifications, query errors, form fields) as text, and are translated where shown.
const templates = new Map<string, Template>();
const KEPT_TEMPLATES = 500;

/** Returns `text` (English) and remembers how to say it in another language. */
export function templated(text: string, key: string, values: Template["values"] = {}, context?: string): string {
  templates.delete(text);
  templates.set(text, { key, values, context });
  if (templates.size > KEPT_TEMPLATES) templates.delete(templates.keys().next().value as string);
  return text;
}

/** The translation key a message was built with (`templated`), if any. */
export const messageKey = (text: string): string | undefined => templates.get(text)?.key;

/**
 * The operator's language for a docs/product.md §8 message. Providers produce the English text (code
 * and tests compare against MESSAGES); screens and notifications show it through this,
 * keyed `messages.<name>`; messages built with `templated` by their key. Any other text is
 * returned as it is.
 */
export function localizeMessage(text: string, translate: Translate): string {
  const template = templates.get(text);
  if (template) {
    const values = Object.fromEntries(
      Object.entries(template.values).map(([name, value]) => [
        name,
        typeof value === "string" ? value : translate(value.key, {}, value.text),
      ]),
    );
    return translate(template.key, template.context ? { ...values, context: template.context } : values, text);
  }
  const name = (Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]).find((key) => MESSAGES[key] === text);
  if (name) return translate(`messages.${name}`, {}, text);
  return text;
}
