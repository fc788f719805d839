// Every key the console translates has a German entry: literal keys found in the source
// (`t("area.key", …)`, `translate("area.key", …)`), the keys built per resource definition,
// and the Refine keys its components call.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { consoleResources } from "../resources";
import { collectMessages } from ".";
import { resourceKeys } from "./resourceKeys";

const german = collectMessages(
  import.meta.glob<{ default: Record<string, string> }>("./locales/*/*.ts", { eager: true }),
).de;

const SOURCE_ROOT = join(__dirname, "..");
const LITERAL_KEY = /\b(?:t|translate)\(\s*["']([a-zA-Z][\w-]*(?:\.[\w-]+)+)["']/g;
/** Keys counted through tCount (src/i18n/plural.ts): German needs their `_one` and `_other` forms. */
const COUNTED_KEY = /\btCount\(\s*\w+,\s*["']([a-zA-Z][\w-]*(?:\.[\w-]+)+)["']/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** key → files using it. */
function literalKeys(files: string[], pattern = LITERAL_KEY): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const file of files) {
    // Comments may show the convention (`t("area.key", …)`) without using a key.
    const code = readFileSync(file, "utf8").replace(/^\s*(\/\/|\*).*$/gm, "");
    for (const match of code.matchAll(pattern)) {
      keys.set(match[1], [...(keys.get(match[1]) ?? []), file.slice(SOURCE_ROOT.length + 1)]);
    }
  }
  return keys;
}

/** The Refine keys its antd components and core hooks call (see node_modules/@refinedev). */
const REFINE_KEYS = [
  "buttons.create",
  "buttons.save",
  "buttons.logout",
  "buttons.delete",
  "buttons.edit",
  "buttons.cancel",
  "buttons.confirm",
  "buttons.filter",
  "buttons.clear",
  "buttons.refresh",
  "buttons.show",
  "buttons.notAccessTitle",
  "actions.create",
  "actions.edit",
  "actions.show",
  "warnWhenUnsavedChanges",
  "notifications.success",
  "notifications.createSuccess",
  "notifications.editSuccess",
  "notifications.deleteSuccess",
  "notifications.createError",
  "notifications.editError",
  "notifications.deleteError",
  "notifications.error",
];

describe("German translations", () => {
  it("finds the literal keys of the source (the scan itself works)", () => {
    const keys = literalKeys(sourceFiles(SOURCE_ROOT));
    expect(keys.get("shell.palette.open")).toEqual(["shell/ConsoleHeader.tsx"]);
    expect(keys.size).toBeGreaterThan(50);
  });

  it("has an entry for every key used in src/", () => {
    const missing = [...literalKeys(sourceFiles(SOURCE_ROOT))]
      .filter(([key]) => !(key in german))
      .map(([key, files]) => `${key}  (${[...new Set(files)].join(", ")})`);
    expect(missing, `German entries missing in src/i18n/locales/de/*.ts:\n${missing.join("\n")}`).toEqual([]);
  });

  it("has both plural forms of every key counted with tCount", () => {
    const counted = literalKeys(sourceFiles(SOURCE_ROOT), COUNTED_KEY);
    expect(counted.size).toBeGreaterThan(5);
    const missing = [...counted]
      .filter(([key]) => !(`${key}_one` in german && `${key}_other` in german))
      .map(([key, files]) => `${key}_one / _other  (${[...new Set(files)].join(", ")})`);
    expect(missing, `German plural forms missing:\n${missing.join("\n")}`).toEqual([]);
  });

  it("has an entry for every resource label, field, help text and option", () => {
    const missing = consoleResources()
      .menu.flatMap(resourceKeys)
      .filter((key) => !(key in german));
    expect(missing).toEqual([]);
  });

  it("has no hard-coded English in the screens (text goes through t())", () => {
    // Visible string props given as literals, and JSX text lines of two or more plain words
    // (a lone word on a line is more often a type or a name than text).
    const LITERAL_PROP =
      /\b(?:title|placeholder|aria-label|okText|cancelText|confirmTitle|description|message|label|extra|tooltip|alt)="[^"]*[A-Za-z]{2,}[^"]*"/;
    const TEXT_LINE = /^\s*[A-Z][A-Za-z'’!?….-]* [A-Za-z '’!?….-]*$/;
    const found = sourceFiles(SOURCE_ROOT)
      .filter((file) => file.endsWith(".tsx"))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .map((line, i) => ({ line, at: `${file.slice(SOURCE_ROOT.length + 1)}:${i + 1}` }))
          .filter(({ line }) => LITERAL_PROP.test(line) || TEXT_LINE.test(line))
          .map(({ line, at }) => `${at}  ${line.trim()}`),
      );
    expect(found).toEqual([]);
  });

  it("has each screen's title as a whole phrase in both languages (Refine's `<resource>.titles.<action>`)", () => {
    const english = collectMessages(
      import.meta.glob<{ default: Record<string, string> }>("./locales/*/*.ts", { eager: true }),
    ).en;
    // Every resource of the demo (generated, each has a list of its own, order lines too).
    const missing = consoleResources().menu.flatMap((def) =>
      (["list", "show", "create", "edit"] as const)
        .filter((action) => action === "list" || def.screens?.[action] !== false)
        .map((action) => `${def.name}.titles.${action}`)
        .filter((key) => !(key in german && key in english)),
    );
    expect(missing).toEqual([]);
  });

  it("has Refine's own UI strings", () => {
    expect(REFINE_KEYS.filter((key) => !(key in german))).toEqual([]);
  });
});
