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

/**
 * "a" or "an" before an English noun, by its first sounds: "an order", "an invoice", "an
 * update", but "a user", "a unit" (a u then one consonant and a vowel sounds like "you").
 */
export const indefiniteArticle = (noun: string): "a" | "an" =>
  /^(?:[aio]|e(?!u)|u(?![b-df-hj-np-tv-z][aeiouy]))/i.test(noun) ? "an" : "a";

/** "A <resource> with this <field> already exists.", remembered with its key and values (templated). */
export const uniqueMessage = (resource: string, field: string) =>
  templated(
    `${indefiniteArticle(resource) === "an" ? "An" : "A"} ${resource} with this ${field} already exists.`,
    "messages.unique",
    { resource, field },
  );
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

/** "a", "a and b", "a, b and c". */
export const englishList = (items: string[]): string => listOf(items, "and");

interface Template {
  key: string;
  /** A list of labels is said as one ("project and user"), each label in the operator's language. */
  values: Record<string, string | Label | Label[]>;
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

const listOf = (items: string[], and: string) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${and} ${items.at(-1)}`;

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
        typeof value === "string"
          ? value
          : Array.isArray(value)
            ? listOf(
                value.map((label) => translate(label.key, {}, label.text)),
                translate("messages.and", {}, "and"),
              )
            : translate(value.key, {}, value.text),
      ]),
    );
    return translate(template.key, template.context ? { ...values, context: template.context } : values, text);
  }
  const name = (Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]).find((key) => MESSAGES[key] === text);
  if (name) return translate(`messages.${name}`, {}, text);
  return text;
}
