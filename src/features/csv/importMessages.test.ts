// The import's wording (importMessages.ts): a file refused before reading, a cell that cannot
// be read, a value twice in the file — in English here, through the same `t` signature.
import { describe, expect, it } from "vitest";
import type { FieldDefinition } from "../../resources/types";
import { inEnglish } from "../fields/rules";
import { cellMessageIn, duplicateMessageIn, fileProblemMessage, limitsHint } from "./importMessages";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "./limits";

const field = (name: string, extra: Partial<FieldDefinition> = {}) =>
  ({ name, label: name.toUpperCase(), type: "text", ...extra }) as FieldDefinition;
const labelOf = (f: FieldDefinition) => `«${f.label}»`;

describe("fileProblemMessage", () => {
  it("gives the file's size in MB against the limit", () => {
    expect(fileProblemMessage({ kind: "tooLarge", bytes: 3.25 * 1024 * 1024 }, inEnglish)).toBe(
      `The file has 3.3 MB; at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB can be imported.`,
    );
  });

  it("gives the file's rows against the limit", () => {
    expect(fileProblemMessage({ kind: "tooManyRows", rows: MAX_IMPORT_ROWS + 1 }, inEnglish)).toBe(
      `The file has ${MAX_IMPORT_ROWS + 1} rows; at most ${MAX_IMPORT_ROWS} can be imported at once.`,
    );
  });

  it("says an empty file has nothing and an unreadable one why", () => {
    expect(fileProblemMessage({ kind: "empty" }, inEnglish)).toBe("The file has no header or no rows.");
    expect(fileProblemMessage({ kind: "unreadable", detail: "Unclosed quote" }, inEnglish)).toBe(
      "The file is not valid CSV: Unclosed quote",
    );
  });

  it("states both limits in the picker's hint", () => {
    expect(limitsHint(inEnglish)).toContain(`up to ${MAX_IMPORT_ROWS} rows and ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
  });
});

describe("cellMessageIn", () => {
  const message = cellMessageIn(inEnglish, labelOf);

  it("names the field by its shown label and the type it needs", () => {
    expect(message("number", field("price"))).toBe("«PRICE» must be a number.");
    expect(message("boolean", field("active"))).toBe("«ACTIVE» must be true or false.");
    expect(message("date", field("born"))).toBe("«BORN» must be a date.");
    expect(message("json", field("extra"))).toBe("«EXTRA» must be JSON.");
  });

  it("lists an option field's values", () => {
    expect(message("option", field("status", { options: ["new", "paid"] }))).toBe(
      "«STATUS» must be one of: new, paid.",
    );
  });
});

describe("duplicateMessageIn", () => {
  it("numbers rows as a spreadsheet does, the header being row 1", () => {
    expect(duplicateMessageIn(inEnglish, labelOf)(field("email"), "a@b.c", 1, 4)).toBe(
      "«EMAIL» “a@b.c” appears twice in the file, rows 2 and 5.",
    );
  });
});
