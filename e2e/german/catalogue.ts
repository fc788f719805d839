// The English catalogue the German render test (e2e/german.spec.ts) looks for on screen:
// every English text the console carries — the defaults written in code
// (`t("area.key", "English")`, `t("area.key", {…}, "English")`), the English locale files and
// the resource definitions' labels — kept where German says something else, so a text that
// is the same in both languages ("Status", "SKU") never counts as left-over English.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { OPSDESK_RESOURCES } from "../../src/resources";
import type { ResourceDefinition } from "../../src/resources/types";
import { DEMO_RESOURCES } from "../../src/schema/demoSchema";

const SRC = fileURLToPath(new URL("../../src", import.meta.url));
const LOCALES = join(SRC, "i18n", "locales");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "locales" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

async function localeFile(locale: "en" | "de"): Promise<Record<string, string>> {
  const entries: Record<string, string> = {};
  for (const file of readdirSync(join(LOCALES, locale))) {
    const module = (await import(join(LOCALES, locale, file))) as { default: Record<string, string> };
    Object.assign(entries, module.default);
  }
  return entries;
}

// A literal key, then an optional options object without nested braces, then the English default.
const DEFAULT_TEXT = /\b(?:t|translate)\(\s*"([a-zA-Z][\w-]*(?:\.[\w-]+)+)",\s*(?:\{[^{}]*\},\s*)?"((?:[^"\\]|\\.)*)"/g;

function codeDefaults(): Map<string, string> {
  const defaults = new Map<string, string>();
  for (const file of sourceFiles(SRC)) {
    for (const match of readFileSync(file, "utf8").matchAll(DEFAULT_TEXT)) defaults.set(match[1], match[2]);
  }
  return defaults;
}

/** The English texts of a definition by the keys src/i18n/resourceKeys.ts gives them. */
function definitionTexts(def: ResourceDefinition): [string, string][] {
  const base = `resources.${def.name}`;
  return [
    [`${base}.singular`, def.label.singular],
    [`${base}.plural`, def.label.plural],
    ...def.fields.flatMap((field): [string, string][] => [
      [`${base}.fields.${field.name}`, field.label],
      ...(field.options ?? []).map((value): [string, string] => [
        `${base}.fields.${field.name}.options.${value}`,
        field.optionStyles?.[value]?.label ?? value,
      ]),
    ]),
    ...(def.show?.sections ?? []).map((section): [string, string] => [
      `${base}.sections.${section.title.toLowerCase().replaceAll(" ", "_")}`,
      section.title,
    ]),
  ];
}

/** Whole English texts (no placeholders) whose German differs. */
export async function englishOnlyTexts(): Promise<Set<string>> {
  const german = await localeFile("de");
  const english = new Map<string, string>([
    ...codeDefaults(),
    ...Object.entries(await localeFile("en")),
    ...[...DEMO_RESOURCES, ...OPSDESK_RESOURCES].flatMap(definitionTexts),
  ]);
  const texts = new Set<string>();
  for (const [key, text] of english) {
    if (text.includes("{{") || text.trim().length < 2) continue;
    const translated = german[key];
    if (translated !== undefined && translated.trim() !== text.trim()) texts.add(text.trim());
  }
  return texts;
}

/** English UI words that never belong on a German screen, whatever key they came from. */
export const ENGLISH_WORDS =
  /\b(Show|Create|Edit|Delete|Save|Cancel|Search|Refresh|Loading|Clear all|Sign in|Sign out|Logout|Export|Import|Could not|does not exist|Something went wrong|items?|Previous|Next)\b/;

/** German gone wrong: gender placeholders, and a plural label with an English plural "s" on it. */
export function brokenGerman(text: string, plurals: string[]): string | null {
  if (/\((e|s|es|n|r)\)|\bDie\/das\b/.test(text)) return "gender placeholder";
  const doubled = plurals.find((plural) => new RegExp(`\\b${plural}s\\b`).test(text));
  return doubled ? `plural of a plural (${doubled}s)` : null;
}
