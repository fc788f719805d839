import { describe, expect, it } from "vitest";
import { collectMessages, createI18n } from "../../i18n";
import { createI18nProvider } from "../../i18n/i18nProvider";
import { localizeMessage } from "../../i18n/messages";
import { findResource, getResource } from "../../resources";
import type { FieldDefinition } from "../../resources/types";
import {
  type DatabaseRowError,
  type DuplicateMessage,
  earlierDuplicate,
  type LabelMessage,
  labelMessageIn,
  referenceLabels,
  rowProblemOf,
} from "./importApi";
import { mergeProblems } from "./validate";

const products = getResource("products");
const labelMessage: LabelMessage = (target, label, ambiguous) =>
  `${ambiguous ? "several" : "no"} ${target.resource}:${target.text} ${label}`;
const dbError = (error: Partial<DatabaseRowError>): DatabaseRowError => ({
  row: 3,
  code: "",
  message: "",
  details: null,
  constraint: null,
  column: null,
  ...error,
});

describe("import errors as the operator reads them", () => {
  it("resolves references by their label field", () => {
    expect(referenceLabels(products)).toEqual({ category_id: "name" });
    expect(referenceLabels(getResource("categories"))).toEqual({});
  });

  it("unique, check and not-null violations get the forms' messages on their field", () => {
    const unique = dbError({
      code: "23505",
      message: 'duplicate key value violates unique constraint "products_sku_key"',
    });
    expect(rowProblemOf(unique, products, findResource, labelMessage)).toEqual({
      row: 3,
      field: "sku",
      message: "A product with this SKU already exists.",
    });
    const check = dbError({
      code: "23514",
      message: 'new row for relation "products" violates check constraint "products_status_check_active"',
    });
    expect(rowProblemOf(check, products, findResource, labelMessage)).toEqual({
      row: 3,
      field: "status",
      message: "A product can be active only with a price above zero and a category.",
    });
    const missing = dbError({
      code: "23502",
      column: "name",
      message: 'null value in column "name" of relation "products" violates not-null constraint',
    });
    expect(rowProblemOf(missing, products, findResource, labelMessage)).toMatchObject({
      field: "name",
      message: "Name is required.",
    });
  });

  it("a label that names no row says which", () => {
    const error = dbError({ code: "23503", column: "category_id", label: "Garden", ambiguous: false });
    expect(rowProblemOf(error, products, findResource, labelMessage)).toEqual({
      row: 3,
      field: "category_id",
      message: "no categories:category Garden",
    });
  });

  it("says the report in German: the referenced resource in its case, the database's errors translated", () => {
    const german = createI18nProvider(
      createI18n(
        collectMessages(
          import.meta.glob<{ default: Record<string, string> }>("../../i18n/locales/*/*.ts", { eager: true }),
        ),
        "de",
      ),
    ).translate;
    const missing = dbError({ code: "23503", column: "category_id", label: "Garden", ambiguous: false });
    expect(rowProblemOf(missing, products, findResource, labelMessageIn(german)).message).toBe(
      "Es gibt keine Kategorie namens „Garden“.",
    );
    const several = dbError({ code: "23503", column: "category_id", label: "Garden", ambiguous: true });
    expect(rowProblemOf(several, products, findResource, labelMessageIn(german)).message).toBe(
      "Mehrere Kategorien heißen „Garden“.",
    );
    const duplicate = dbError({
      code: "23505",
      message: 'duplicate key value violates unique constraint "products_sku_key"',
    });
    const reported = rowProblemOf(duplicate, products, findResource, labelMessageIn(german)).message;
    expect(localizeMessage(reported, german)).toBe("Ein Produkt mit diesem Wert für „SKU“ existiert bereits.");
  });
});

describe("a value the file holds twice", () => {
  const customers = getResource("customers");
  const email = customers.fields.find((f) => f.name === "email");
  const unique = (row: number, column: string) =>
    dbError({
      row,
      code: "23505",
      message: `duplicate key value violates unique constraint "${column === "email" ? "customers_email_key" : "products_sku_key"}"`,
      constraint: column === "email" ? "customers_email_key" : "products_sku_key",
      column,
    });
  const message: DuplicateMessage = (field, value, first, second) =>
    `${field.name} ${value} twice: ${first}, ${second}`;

  it("names both rows, comparing e-mail addresses without regard to case", () => {
    const rows = [{ email: "Ann@Example.com" }, { email: "bob@example.com" }, { email: "ann@example.com" }];
    expect(earlierDuplicate(rows, 3, email as FieldDefinition)).toBe(1);
    expect(rowProblemOf(unique(3, "email"), customers, findResource, labelMessage, { rows, message })).toEqual({
      row: 3,
      field: "email",
      message: "email ann@example.com twice: 1, 3",
    });
  });

  it('says "already exists" when no earlier row of the file holds the value', () => {
    const rows = [{ sku: "ABC-1" }, { sku: "ABC-2" }];
    expect(rowProblemOf(unique(2, "sku"), products, findResource, labelMessage, { rows, message }).message).toBe(
      "A product with this SKU already exists.",
    );
  });
});

describe("one report of the browser's and the database's problems", () => {
  it("keeps each rule once per cell, in row order", () => {
    expect(
      mergeProblems(
        [
          { row: 4, field: "slug", message: "slug rule" },
          { row: 2, field: "name", message: "name rule" },
        ],
        [
          { row: 4, field: "slug", message: "slug check (the same rule, from the database)" },
          { row: 3, field: "name", message: "already exists" },
          { row: 2, field: "category_id", message: "no such category" },
        ],
      ),
    ).toEqual([
      { row: 2, field: "name", message: "name rule" },
      { row: 2, field: "category_id", message: "no such category" },
      { row: 3, field: "name", message: "already exists" },
      { row: 4, field: "slug", message: "slug rule" },
    ]);
  });
});
