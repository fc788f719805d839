import { describe, expect, it } from "vitest";
import { collectMessages, createI18n } from "../../i18n";
import { createI18nProvider } from "../../i18n/i18nProvider";
import { localizeMessage } from "../../i18n/messages";
import { findResource, getResource } from "../../resources";
import { type DatabaseRowError, type LabelMessage, labelMessageIn, referenceLabels, rowProblemOf } from "./importApi";

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
