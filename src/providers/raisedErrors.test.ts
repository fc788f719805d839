// Every sentence our migrations raise for operators (P0001) reads in German; only the
// ones that name a programming mistake (a table or column the console asked for wrongly) stay
// as the database wrote them.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { collectMessages, createI18n } from "../i18n";
import { createI18nProvider } from "../i18n/i18nProvider";
import { localizeMessage } from "../i18n/messages";
import { raisedMessage } from "./raisedErrors";

const german = createI18nProvider(
  createI18n(
    collectMessages(import.meta.glob<{ default: Record<string, string> }>("../i18n/locales/*/*.ts", { eager: true })),
    "de",
  ),
);

const MIGRATIONS = join(__dirname, "..", "..", "supabase", "migrations");
const RAISED = /raise exception '((?:[^']|'')*)'[^;]*errcode = 'P0001'/g;

/** Mistakes of the caller, not of the operator: no operator can cause them from the console. */
const PROGRAMMING_ERRORS = [
  /^% has no column %\.$/,
  /^% has no column % to set\.$/,
  /^% is not a reference of %\.$/,
  /^There is no table %\.$/,
  /^% has no single-column key\.$/,
  // bulk_write's arguments, which the console builds itself.
  /^A bulk action updates or deletes\.$/,
  /^The rows must be a list of objects\.$/,
  /^Every row needs its %\.$/,
  /^An update needs the values to set\.$/,
];

function raisedSentences(): string[] {
  const sentences = readdirSync(MIGRATIONS).flatMap((file) =>
    [...readFileSync(join(MIGRATIONS, file), "utf8").matchAll(RAISED)].map((match) => match[1].replaceAll("''", "'")),
  );
  return [...new Set(sentences)];
}

/** The sentence as raised, its placeholders filled the way the database fills them. */
const filled = (sentence: string) => {
  const values = ["delivered", "pending"];
  return sentence.replace(/%/g, () => (sentence.includes("rows") ? "5000" : (values.shift() ?? "x")));
};

describe("raised sentences in the operator's language", () => {
  it("finds the raised sentences (the scan itself works)", () => {
    expect(raisedSentences()).toContain("At least one active admin must remain.");
  });

  it("has German for every sentence an operator can meet", () => {
    const untranslated = raisedSentences()
      .filter((sentence) => !PROGRAMMING_ERRORS.some((pattern) => pattern.test(sentence)))
      .map(filled)
      .filter((text) => localizeMessage(raisedMessage(text), german.translate) === text);
    expect(untranslated).toEqual([]);
  });
});
