// A describe() answer as the contract shapes it (docs/any-project.md), written by hand to cover
// what real projects hold: uuid, text and composite keys, no key, a view, a quoted upper-case
// enum, arrays, jsonb, identity and generated columns, tables named order/group/user, keys to
// auth.users, a self-reference, a join table, a second schema, comments and settings.
// The generator's tests (generate.test.ts) read it; it is no project's real schema.
import type { Described, DescribedColumn, DescribedTable } from "./describe";

const ALL = { select: true, insert: true, update: true };

export function column(
  name: string,
  type: string,
  category: DescribedColumn["category"],
  more: Partial<DescribedColumn> = {},
): DescribedColumn {
  return {
    name,
    position: 0,
    type,
    category,
    element: null,
    nullable: true,
    default: null,
    identity: null,
    generated: null,
    max_length: null,
    precision: null,
    scale: null,
    enum: null,
    comment: null,
    privileges: ALL,
    ...more,
  };
}

export function table(
  schema: string,
  name: string,
  columns: DescribedColumn[],
  more: Partial<DescribedTable> = {},
): DescribedTable {
  return {
    schema,
    name,
    kind: "table",
    comment: null,
    rls: { enabled: true, forced: false },
    managed: true,
    privileges: { select: true, insert: true, update: true, delete: true },
    permissions: ["list", "show", "create", "edit", "delete", "export", "import"],
    primary_key: ["id"],
    estimated_rows: 100,
    columns: columns.map((c, i) => ({ ...c, position: i + 1 })),
    foreign_keys: [],
    unique: [],
    checks: [],
    indexes: [],
    settings: null,
    ...more,
  };
}

const uuidKey = column("id", "uuid", "uuid", { nullable: false, default: "gen_random_uuid()" });
const identityKey = column("id", "bigint", "integer", { nullable: false, identity: "by default" });
const createdAt = column("created_at", "timestamp with time zone", "timestamptz", {
  nullable: false,
  default: "now()",
});

export const SAMPLE: Described = {
  version: "v1",
  schemas: ["public", "crm"],
  roles: ["admin", "editor", "viewer"],
  tables: [
    table(
      "public",
      "customers",
      [
        uuidKey,
        column("full_name", "text", "text", { nullable: false }),
        column("email", "text", "text", { nullable: false }),
        column("owner_id", "uuid", "uuid"),
        column("referred_by", "uuid", "uuid"),
        column("notes", "text", "text", { comment: "Anything the team should know." }),
        createdAt,
      ],
      {
        comment: "People who buy from us.",
        foreign_keys: [
          {
            name: "customers_owner_id_fkey",
            columns: ["owner_id"],
            references: { schema: "auth", table: "users", columns: ["id"] },
          },
          {
            name: "customers_referred_by_fkey",
            columns: ["referred_by"],
            references: { schema: "public", table: "customers", columns: ["id"] },
          },
        ],
        unique: [{ name: "customers_email_key", columns: ["email"] }],
        search: { columns: ["full_name", "email"], indexed: true },
        indexes: [{ name: "customers_email_key", method: "btree", columns: ["email"], expression: null, unique: true }],
      },
    ),
    table(
      "public",
      "order",
      [
        identityKey,
        column("customer_id", "uuid", "uuid", { nullable: false }),
        column("status", 'public."Order Status"', "enum", {
          nullable: false,
          default: "'Pending'::\"Order Status\"",
          enum: ["Pending", "Paid", "Shipped"],
        }),
        column("total", "numeric(10,2)", "number", { nullable: false, precision: 10, scale: 2 }),
        column("total_with_tax", "numeric", "number", { generated: "stored" }),
        column("tags", "text[]", "array", { element: { type: "text", category: "text" } }),
        column("quantities", "integer[]", "array", { element: { type: "integer", category: "integer" } }),
        column("meta", "jsonb", "json"),
        column("shape", "geometry", "other"),
        createdAt,
      ],
      {
        foreign_keys: [
          {
            name: "order_customer_id_fkey",
            columns: ["customer_id"],
            references: { schema: "public", table: "customers", columns: ["id"] },
          },
        ],
        checks: [
          { name: "order_total_check", columns: ["total"], definition: "CHECK ((total >= (0)::numeric))" },
          {
            name: "order_period",
            columns: ["created_at", "total"],
            definition: "CHECK ((total > (0)::numeric) OR (created_at IS NULL))",
          },
        ],
      },
    ),
    table(
      "public",
      "group",
      [
        column("slug", "text", "text", { nullable: false }),
        column("title", "character varying(80)", "text", { max_length: 80 }),
        column("logo_path", "text", "text"),
      ],
      {
        primary_key: ["slug"],
        indexes: [{ name: "group_pkey", method: "btree", columns: ["slug"], expression: null, unique: true }],
        settings: {
          file_columns: { logo_path: { bucket: "logos" } },
          labels: { en: { singular: "team", plural: "teams" }, de: { singular: "Team", plural: "Teams" } },
          field_labels: { title: { en: "Team name", de: "Teamname" } },
          hidden: [],
          list_columns: ["title", "slug"],
          actions: { delete: false },
        },
      },
    ),
    table(
      "public",
      "group_members",
      [
        column("group_slug", "text", "text", { nullable: false }),
        column("customer_id", "uuid", "uuid", { nullable: false }),
        createdAt,
      ],
      {
        primary_key: ["group_slug", "customer_id"],
        indexes: [
          {
            name: "group_members_pkey",
            method: "btree",
            columns: ["group_slug", "customer_id"],
            expression: null,
            unique: true,
          },
        ],
        foreign_keys: [
          {
            name: "group_members_group_slug_fkey",
            columns: ["group_slug"],
            references: { schema: "public", table: "group", columns: ["slug"] },
          },
          {
            name: "group_members_customer_id_fkey",
            columns: ["customer_id"],
            references: { schema: "public", table: "customers", columns: ["id"] },
          },
        ],
      },
    ),
    table(
      "public",
      "event_log",
      [column("at", "timestamp with time zone", "timestamptz"), column("message", "text", "text")],
      { primary_key: null },
    ),
    table("public", "customer_totals", [column("customer_id", "uuid", "uuid"), column("total", "numeric", "number")], {
      kind: "view",
      primary_key: null,
    }),
    table("public", "Big Items", [identityKey, column("Label", "text", "text"), column("code", "text", "text")], {
      estimated_rows: 2_000_000,
      indexes: [],
      search: { columns: ["Label", "code"], indexed: false },
    }),
    table(
      "crm",
      "contacts",
      [identityKey, column("name", "text", "text", { nullable: false }), column("customer_id", "uuid", "uuid")],
      {
        foreign_keys: [
          {
            name: "contacts_customer_id_fkey",
            columns: ["customer_id"],
            references: { schema: "public", table: "customers", columns: ["id"] },
          },
        ],
      },
    ),
  ],
};
