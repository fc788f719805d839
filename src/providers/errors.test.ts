import { describe, expect, it } from "vitest";
import { MESSAGES } from "../i18n/messages";
import { findResource } from "../resources";
import { generateResources } from "../schema/generate";
import { SAMPLE } from "../schema/testSchema";
import { isStaleError, noRow, parseConstraint, toHttpError } from "./errors";

const map = (error: Parameters<typeof toHttpError>[0], resource: string, op: Parameters<typeof toHttpError>[2]) =>
  toHttpError(error, resource, op, findResource);

describe("parseConstraint", () => {
  it.each([
    ["products", "products_sku_key", { column: "sku", kind: "key", rule: undefined }],
    ["products", "products_category_id_fkey", { column: "category_id", kind: "fkey", rule: undefined }],
    ["products", "products_status_check_active", { column: "status", kind: "check", rule: "active" }],
    ["order_items", "order_items_quantity_check", { column: "quantity", kind: "check", rule: undefined }],
  ])("%s / %s", (table, constraint, expected) => {
    expect(parseConstraint(table, constraint)).toEqual(expected);
  });

  it("ignores constraints of other tables", () => {
    expect(parseConstraint("products", "categories_name_key")).toBeUndefined();
  });
});

describe("toHttpError", () => {
  it("names the exposed schemas where the API answers PGRST106 for a table's schema", () => {
    const accounts = findResource("products");
    if (!accounts) throw new Error("no products");
    const def = {
      ...accounts,
      table: { schema: "basejump", name: "accounts" },
      label: { singular: "Account", plural: "Accounts" },
    };
    const error = toHttpError(
      {
        code: "PGRST106",
        message: "Invalid schema: basejump",
        hint: "Only the following schemas are exposed: public, opsdesk",
      },
      "basejump.accounts",
      "read",
      (name) => (name === "basejump.accounts" ? def : undefined),
    );
    expect(error.statusCode).toBe(406);
    expect(error.message).toBe(
      'The Accounts are in the schema "basejump", which this project\'s Data API does not expose: add "basejump" to its exposed schemas (config.toml [api] schemas; on hosted Supabase, Project Settings → Data API → Exposed schemas).',
    );
  });

  it("puts a unique violation on the field with the resource's words", () => {
    const error = map(
      {
        code: "23505",
        message: 'duplicate key value violates unique constraint "products_sku_key"',
        details: "Key (sku)=(ABC-1) already exists.",
      },
      "products",
      "create",
    );
    expect(error).toEqual({
      statusCode: 409,
      message: "A product with this SKU already exists.",
      errors: { sku: ["A product with this SKU already exists."] },
    });
  });

  it("names the primary key's field when a key is taken (the demo's orders: `<table>_pkey`)", () => {
    const error = map(
      { code: "23505", message: 'duplicate key value violates unique constraint "orders_pkey"' },
      "orders",
      "create",
    );
    expect(error).toEqual({
      statusCode: 409,
      message: "An order with this ID already exists.",
      errors: { id: ["An order with this ID already exists."] },
    });
  });

  it("names every field of a composite key a generated resource knows by its constraint", () => {
    const { definitions } = generateResources(SAMPLE);
    const members = definitions.find((d) => d.name === "group_members");
    const error = toHttpError(
      { code: "23505", message: 'duplicate key value violates unique constraint "group_members_pkey"' },
      "group_members",
      "create",
      () => members,
    );
    const message = "A group member with this group slug and customer already exists.";
    expect(error).toEqual({ statusCode: 409, message, errors: { group_slug: [message], customer_id: [message] } });
  });

  it("finds the column of a case-insensitive unique index", () => {
    const error = map(
      {
        code: "23505",
        message: 'duplicate key value violates unique constraint "customers_email_key"',
        details: "Key (lower(email))=(a@b.co) already exists.",
      },
      "customers",
      "update",
    );
    expect(error.errors).toEqual({ email: ["A customer with this e-mail already exists."] });
  });

  it("names the referencing table when a delete is restricted", () => {
    const error = map(
      {
        code: "23503",
        message:
          'update or delete on table "categories" violates foreign key constraint "products_category_id_fkey" on table "products"',
        details: 'Key (id)=(3) is still referenced from table "products".',
      },
      "categories",
      "delete",
    );
    expect(error).toEqual({ statusCode: 409, message: "This category is still used by products." });
  });

  it("uses plural labels of multi-word tables", () => {
    const error = map(
      {
        code: "23503",
        message:
          'update or delete on table "products" violates foreign key constraint "order_items_product_id_fkey" on table "order_items"',
        details: 'Key (id)=(9) is still referenced from table "order_items".',
      },
      "products",
      "delete",
    );
    expect(error.message).toBe("This product is still used by order items.");
  });

  it("puts a missing reference on the field on insert", () => {
    const error = map(
      {
        code: "23503",
        message: 'insert or update on table "products" violates foreign key constraint "products_category_id_fkey"',
        details: 'Key (category_id)=(999) is not present in table "categories".',
      },
      "products",
      "create",
    );
    expect(error.errors).toEqual({ category_id: ["The chosen category does not exist any more."] });
  });

  it("explains a check violation with the field's rule", () => {
    const error = map(
      { code: "23514", message: 'new row for relation "products" violates check constraint "products_sku_check"' },
      "products",
      "create",
    );
    expect(error).toEqual({
      statusCode: 400,
      message: "SKU must be 3–32 characters: capital letters, digits and dashes.",
      errors: { sku: ["SKU must be 3–32 characters: capital letters, digits and dashes."] },
    });
  });

  it("explains a named rule of a column", () => {
    const error = map(
      {
        code: "23514",
        message: 'new row for relation "products" violates check constraint "products_status_check_active"',
      },
      "products",
      "update",
    );
    expect(error.errors).toEqual({
      status: ["A product can be active only with a price above zero and a category."],
    });
  });

  it("keeps a trigger's sentence as a form error", () => {
    const message = "An order that is pending cannot become delivered.";
    expect(map({ code: "P0001", message }, "orders", "update")).toEqual({ statusCode: 400, message });
  });

  it("maps a stale version, permissions, expired JWTs and network failures", () => {
    expect(map({ code: "PT409", message: "x" }, "products", "update")).toEqual({
      statusCode: 409,
      message: MESSAGES.stale,
      reason: "stale",
    });
    // A row opsdesk.bulk_write refused because it changed since it was listed.
    expect(map({ code: "40001", hint: "OPSDESK_STALE", message: "x" }, "products", "update")).toEqual({
      statusCode: 409,
      message: MESSAGES.stale,
      reason: "stale",
    });
    // The form offers its reload by the reason, never by the words: a project's trigger that
    // says the same sentence is no stale save.
    expect(isStaleError(map({ code: "PT409", message: "x" }, "products", "update"))).toBe(true);
    expect(isStaleError({ statusCode: 409, message: MESSAGES.stale })).toBe(false);
    expect(map({ code: "42501", message: "new row violates row-level security" }, "products", "create")).toEqual({
      statusCode: 403,
      message: MESSAGES.forbidden,
    });
    expect(map({ code: "PGRST303", message: "JWT expired" }, "products", "read").statusCode).toBe(401);
    expect(map({ code: "", message: "ServerUnreachable: Failed to fetch" }, "products", "read")).toEqual({
      statusCode: 0,
      message: MESSAGES.network,
    });
  });

  it("names the field of a not-null violation", () => {
    const error = map(
      { code: "23502", message: 'null value in column "name" of relation "products" violates not-null constraint' },
      "products",
      "create",
    );
    expect(error.errors).toEqual({ name: ["Name is required."] });
  });
});

describe("no row (the console's own finding, not a SQLSTATE)", () => {
  it("words a read that found nothing as not found, a write that reached nothing as refused", () => {
    const missing = toHttpError(noRow("read"), "orders", "read", findResource);
    expect(missing).toMatchObject({ statusCode: 404, message: "This order does not exist or you can't see it." });
    expect(toHttpError(noRow("write"), "orders", "update", findResource)).toEqual({
      statusCode: 403,
      message: MESSAGES.forbidden,
    });
  });
});

describe("constraint violations by the names PostgREST carries (no details needed)", () => {
  it("finds the unique constraint's field and the referencing table from the quoted names alone", () => {
    const unique = { code: "23505", message: 'duplicate key value violates unique constraint "customers_email_key"' };
    expect(toHttpError(unique, "customers", "create", findResource).errors).toHaveProperty("email");
    const stillUsed = {
      code: "23503",
      message:
        'update or delete on table "categories" violates foreign key constraint "products_category_id_fkey" on table "products"',
    };
    expect(toHttpError(stillUsed, "categories", "delete", findResource).message).toBe(
      "This category is still used by products.",
    );
  });
});
