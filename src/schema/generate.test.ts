// describe() → definitions: every shape of testSchema.ts, the admin's settings, code overrides
// merged over generated definitions, and a table the generator cannot read.
import { describe, expect, it } from "vitest";
import type { ResourceDefinition, ResourceOverride } from "../resources/types";
import { translateChecks } from "./checkRules";
import { humanize, singularOf } from "./definitionFromTable";
import { generateResources } from "./generate";
import { decodeKey, encodeKey, pgrstName, ROW_KEY, routeOf, routeSegment } from "./names";
import { column, SAMPLE, table } from "./testSchema";

const generated = generateResources(SAMPLE);
const def = (name: string): ResourceDefinition => {
  const found = generated.definitions.find((d) => d.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};
const field = (resource: string, name: string) => def(resource).fields.find((f) => f.name === name);

describe("generateResources", () => {
  it("makes one resource per table and view, named as src/resources would name them", () => {
    expect(generated.definitions.map((d) => d.name)).toEqual([
      "customers",
      "order",
      "group",
      "group_members",
      "event_log",
      "customer_totals",
      "Big Items",
      "crm.contacts",
    ]);
    expect(def("crm.contacts").table).toEqual({ schema: "crm", name: "contacts" });
    expect(def("crm.contacts").route).toBe("crm.contacts");
    expect(def("Big Items").route).toBe("~42ig~20~49tems");
  });

  it("reads types: uuid, text, numbers with their decimals, enums, arrays, JSON, timestamps", () => {
    expect(field("customers", "id")).toMatchObject({ type: "text", readOnly: true });
    expect(field("customers", "email")).toMatchObject({ type: "email", required: true });
    expect(field("customers", "notes")).toMatchObject({ type: "longText", help: "Anything the team should know." });
    expect(field("order", "id")).toMatchObject({ type: "number", readOnly: true });
    expect(field("order", "total")).toMatchObject({ type: "number", scale: 2, required: true });
    expect(field("order", "status")).toMatchObject({ type: "enum", options: ["Pending", "Paid", "Shipped"] });
    expect(field("order", "status")?.required).toBeUndefined();
    expect(field("order", "total_with_tax")).toMatchObject({ readOnly: true });
    expect(field("order", "tags")).toMatchObject({ type: "tags" });
    expect(field("order", "quantities")).toMatchObject({ type: "tags", numberItems: true });
    expect(field("order", "meta")).toMatchObject({ type: "json" });
    expect(field("order", "meta")?.readOnly).toBeUndefined();
    expect(field("order", "shape")).toMatchObject({ type: "json", readOnly: true });
    // For admins only: an editor has nothing to do about a column the console cannot edit.
    expect(def("order").adminNotices).toEqual(["shape: geometry is shown, not edited"]);
    expect(def("order").notices).toBeUndefined();
    expect(field("order", "created_at")).toMatchObject({ type: "datetime" });
  });

  it("picks a title, list columns, a default sort, filters and an index-backed search", () => {
    const customers = def("customers");
    expect(customers.titleField).toBe("full_name");
    expect(customers.list.columns[0]).toBe("full_name");
    expect(customers.list.defaultSort).toEqual({ field: "created_at", order: "desc" });
    expect(customers.list.filters).toContain("created_at");
    expect(customers.list.search).toEqual({ words: ["full_name", "email"] });
    expect(def("order").list.filters).toEqual(expect.arrayContaining(["status", "customer_id", "total"]));
    // 2 million rows and no trigram index: the search scans, and admins are told so.
    expect(def("Big Items").list.search).toEqual({ words: ["Label", "code"] });
    expect(def("Big Items").adminNotices?.[0]).toMatch(/no trigram index serves Label, code/);
    expect(def("order").list.search).toBeUndefined();
  });

  it("turns references into pickers, auth users into e-mails, and reverse keys into related lists", () => {
    expect(field("order", "customer_id")).toMatchObject({
      type: "reference",
      reference: {
        resource: "customers",
        labelField: "full_name",
        valueField: "id",
        details: ["email"],
        embed: "customer_id",
        embedAs: "__ref_customer_id",
      },
    });
    expect(field("customers", "owner_id")).toMatchObject({ authUser: true });
    // A self-reference is a picker too.
    expect(field("customers", "referred_by")?.reference?.resource).toBe("customers");
    // Across schemas PostgREST embeds nothing: the picker still works, the label is the key.
    expect(field("crm.contacts", "customer_id")?.reference).toMatchObject({ resource: "customers" });
    expect(field("crm.contacts", "customer_id")?.reference?.embed).toBeUndefined();
    const related = def("customers").related ?? [];
    expect(related.map((r) => [r.resource, r.foreignKey])).toEqual([
      ["customers", "referred_by"],
      ["order", "customer_id"],
      ["group_members", "customer_id"],
      ["crm.contacts", "customer_id"],
    ]);
    // The join table lists the groups at its other end.
    expect(related.find((r) => r.resource === "group_members")).toMatchObject({
      columns: ["group_slug"],
      title: "Group",
    });
  });

  it("marks a key to storage.objects as a stored file, picked and shown as one (chatgpt-your-files' documents)", () => {
    const documents = table(
      "public",
      "documents",
      [
        column("id", "bigint", "integer", { nullable: false, identity: "always" }),
        column("name", "text", "text", { nullable: false }),
        column("storage_object_id", "uuid", "uuid", { nullable: false }),
      ],
      {
        foreign_keys: [
          {
            name: "documents_storage_object_id_fkey",
            columns: ["storage_object_id"],
            references: { schema: "storage", table: "objects", columns: ["id"] },
          },
        ],
      },
    );
    const generated = generateResources({ ...SAMPLE, tables: [documents] }).definitions[0];
    const stored = generated.fields.find((f) => f.name === "storage_object_id");
    expect(stored).toMatchObject({ storedObject: true, required: true });
    expect(stored?.reference).toBeUndefined();
  });

  it("names a picker's choices by the title of the target's own pages, never by a uuid column", () => {
    const orgs = table("public", "organizations", [
      column("id", "uuid", "uuid", { nullable: false, default: "gen_random_uuid()" }),
      column("name", "text", "text"),
    ]);
    const hooks = table(
      "public",
      "webhooks",
      [
        column("id", "bigint", "integer", { nullable: false, identity: "by default" }),
        column("org_id", "uuid", "uuid", { nullable: false }),
        column("url", "text", "text", { nullable: false }),
        column("secret", "text", "text", { nullable: false }),
        column("signing_key", "text", "text"),
      ],
      {
        foreign_keys: [
          {
            name: "webhooks_org_id_fkey",
            columns: ["org_id"],
            references: { schema: "public", table: "organizations", columns: ["id"] },
          },
        ],
        settings: { hidden: ["secret"] },
      },
    );
    const deliveries = table(
      "public",
      "webhook_deliveries",
      [column("id", "bigint", "integer", { identity: "by default" }), column("webhook_id", "bigint", "integer")],
      {
        foreign_keys: [
          {
            name: "deliveries_webhook_fkey",
            columns: ["webhook_id"],
            references: { schema: "public", table: "webhooks", columns: ["id"] },
          },
        ],
      },
    );
    const defs = generateResources({ ...SAMPLE, tables: [orgs, hooks, deliveries] }).definitions;
    const picker = defs[2].fields.find((f) => f.name === "webhook_id")?.reference;
    expect(defs[1].titleField).toBe("url");
    // The uuid key to organizations names nothing; a hidden column is not shown on the second line.
    expect(picker).toMatchObject({ labelField: "url", details: ["signing_key"] });
  });

  it("names a person by their name, not by a job title (atomic-crm's contacts)", () => {
    const person = (...names: string[]) =>
      generateResources({
        ...SAMPLE,
        tables: [
          table("public", "contacts", [
            column("id", "bigint", "integer", { nullable: false }),
            ...names.map((n) => column(n, "text", "text")),
          ]),
        ],
      }).definitions[0].titleField;
    expect(person("title", "first_name", "last_name", "email")).toBe("last_name");
    expect(person("title", "first_name", "email")).toBe("first_name");
    expect(person("title", "name", "first_name")).toBe("name");
    // Without a person's name column, `title` is the record's title (a task, a ticket).
    expect(person("title", "email", "body")).toBe("title");
  });

  it("makes views and key-less tables read-only, composite and text keys addressable", () => {
    expect(def("customer_totals")).toMatchObject({ readOnlyReason: "view", idColumn: ROW_KEY });
    expect(def("customer_totals").screens).toEqual({ show: false, create: false, edit: false, delete: false });
    expect(def("event_log")).toMatchObject({ readOnlyReason: "noKey" });
    expect(def("event_log").fields.every((f) => f.readOnly)).toBe(true);
    expect(def("group_members")).toMatchObject({ idColumn: ROW_KEY, keyColumns: ["group_slug", "customer_id"] });
    // Nothing but its keys (and a timestamp the database sets): nothing to edit.
    expect(def("group_members").screens).toMatchObject({ show: true, create: true, edit: false, delete: true });
    // A text key the operator types: given when creating, kept afterwards.
    expect(def("group").idColumn).toBe("slug");
    expect(field("group", "slug")).toMatchObject({ createOnly: true, required: true });
  });

  it("knows the primary key's constraint: its field, or every field of a composite key", () => {
    expect(def("group").constraints?.group_pkey).toEqual({ field: "slug", message: "" });
    expect(def("group_members").constraints?.group_members_pkey).toEqual({
      field: undefined,
      fields: ["group_slug", "customer_id"],
      message: "",
    });
  });

  it("applies the admin's settings: labels per language, list columns, actions, file columns", () => {
    const group = def("group");
    expect(group.label).toEqual({ singular: "team", plural: "teams" });
    expect(field("group", "title")?.label).toBe("Team name");
    expect(group.list.columns).toEqual(["title", "slug"]);
    expect(group.screens?.delete).toBe(false);
    // A file column: the bucket's file, stored under the table's own folder (install 0003).
    expect(field("group", "logo_path")).toMatchObject({
      type: "image",
      bucket: "logos",
      fileColumn: { schema: "public", table: "group" },
    });
    expect(generated.texts.de).toMatchObject({
      "resources.group.singular": "Team",
      "resources.group.plural": "Teams",
      "resources.group.title": "Teams",
      "resources.group.fields.title": "Teamname",
    });
  });

  it("turns translated CHECK constraints into rules and names the rest for admins", async () => {
    const order = SAMPLE.tables[1];
    const checks = { "public.order": await translateChecks(order.checks) };
    const withChecks = generateResources(SAMPLE, [], checks).definitions.find((d) => d.name === "order");
    expect(withChecks?.fields.find((f) => f.name === "total")).toMatchObject({ min: 0 });
    expect(withChecks?.adminNotices).toEqual([
      "shape: geometry is shown, not edited",
      "Checked by the database only: order_period",
    ]);
    expect(withChecks?.constraints?.order_total_check).toMatchObject({ field: "total" });
  });

  it("turns a text column with an IN list into a choice", async () => {
    const ticket = table(
      "public",
      "tickets",
      [column("id", "bigint", "integer", { identity: "always" }), column("state", "text", "text")],
      {
        checks: [
          {
            name: "tickets_state_check",
            columns: ["state"],
            definition: "CHECK ((state = ANY (ARRAY['open'::text, 'closed'::text])))",
          },
        ],
      },
    );
    const checks = { "public.tickets": await translateChecks(ticket.checks) };
    const [tickets] = generateResources({ ...SAMPLE, tables: [ticket] }, [], checks).definitions;
    expect(tickets.fields[1]).toMatchObject({ type: "enum", options: ["open", "closed"] });
  });

  it("merges a code definition over the generated one, keeping the live table's fields", () => {
    const override: ResourceDefinition = {
      name: "customers",
      label: { singular: "client", plural: "clients" },
      titleField: "email",
      fields: [{ name: "full_name", label: "Name", type: "text", rule: "Say a name." }],
      list: { columns: ["full_name"], defaultSort: { field: "full_name", order: "asc" } },
    };
    const merged = generateResources(SAMPLE, [override]).definitions[0];
    expect(merged.label.plural).toBe("clients");
    expect(merged.titleField).toBe("email");
    expect(merged.fields.find((f) => f.name === "full_name")).toMatchObject({
      label: "Name",
      rule: "Say a name.",
      required: true,
    });
    // Every other field stays as generated.
    expect(merged.fields.map((f) => f.name)).toEqual([
      "id",
      "full_name",
      "email",
      "owner_id",
      "referred_by",
      "notes",
      "created_at",
    ]);
    expect(merged.list.columns).toEqual(["full_name"]);
    expect(merged.table).toEqual({ schema: "public", name: "customers" });
  });

  it("merges an override that names only what it adds: a field's label and colour, a search, a section", () => {
    // The shape src/resources is written in since the demo runs on Opsdesk: no label, title,
    // field type, list columns or sort of its own (fails on the old merge, which read them all).
    const override: ResourceOverride = {
      name: "customers",
      fields: [{ name: "email", label: "E-mail address" }],
      list: { search: { rpc: "search_customers" } },
      show: { sections: [{ title: "Contact", fields: ["full_name", "email"] }] },
    };
    const generated = generateResources(SAMPLE).definitions[0];
    const merged = generateResources(SAMPLE, [override]).definitions[0];
    expect(merged.label).toEqual(generated.label);
    expect(merged.titleField).toBe(generated.titleField);
    expect(merged.fields.find((f) => f.name === "email")).toEqual({
      ...generated.fields.find((f) => f.name === "email"),
      label: "E-mail address",
    });
    expect(merged.list).toEqual({ ...generated.list, search: { rpc: "search_customers" } });
    expect(merged.show?.sections).toEqual([{ title: "Contact", fields: ["full_name", "email"] }]);
  });

  it("lists the tables with code definitions first, in their order, then the others as described", () => {
    const names = generateResources(SAMPLE).definitions.map((d) => d.name);
    const last = names[names.length - 1];
    const ordered = generateResources(SAMPLE, [{ name: last }]).definitions.map((d) => d.name);
    expect(ordered).toEqual([last, ...names.slice(0, -1)]);
  });

  it("leaves out the columns an override hides, and what the console said it could not show of them", () => {
    // Fails on the old merge, which had no way to leave a generated column out.
    const search = column("search", "tsvector", "other");
    const withVector = { ...SAMPLE, tables: [{ ...SAMPLE.tables[0], columns: [...SAMPLE.tables[0].columns, search] }] };
    const generated = generateResources(withVector).definitions[0];
    expect(generated.adminNotices).toEqual(["search: tsvector is shown, not edited"]);
    expect(generated.notices).toBeUndefined();
    const merged = generateResources(withVector, [{ name: "customers", hide: ["search", "id"] }]).definitions[0];
    expect(merged.fields.map((f) => f.name)).not.toContain("search");
    // The key stays: records are addressed by it.
    expect(merged.fields.map((f) => f.name)).toContain("id");
    expect(merged.list.columns).not.toContain("search");
    expect(merged.notices).toBeUndefined();
    expect(merged.adminNotices).toBeUndefined();
  });

  it("leaves out a code definition written for another table of that name, and tells admins", () => {
    const demoOrders: ResourceDefinition = {
      name: "customers",
      label: { singular: "client", plural: "clients" },
      titleField: "number",
      fields: [{ name: "number", label: "Number", type: "text" }],
      list: { columns: ["number"], defaultSort: { field: "number", order: "asc" }, search: { rpc: "search_orders" } },
    };
    const customers = generateResources(SAMPLE, [demoOrders]).definitions[0];
    expect(customers.label.plural).toBe("customers");
    expect(customers.list.search).toEqual({ words: ["full_name", "email"] });
    expect(customers.adminNotices).toEqual(['The code definition "customers" is not used: this table has no number']);
  });

  it("leaves out what the operator cannot read (an unmanaged table without grants)", () => {
    const hidden = table("public", "secrets", [
      column("a", "text", "text", { privileges: { select: false, insert: false, update: false } }),
    ]);
    expect(generateResources({ ...SAMPLE, tables: [hidden] }).definitions).toEqual([]);
  });

  it("never fails on a table it cannot read: that table says so, the others stay", () => {
    const broken = { ...table("public", "weird", [column("a", "text", "text")]), columns: null } as never;
    const result = generateResources({ ...SAMPLE, tables: [broken, SAMPLE.tables[0]] });
    expect(result.definitions.map((d) => d.name)).toEqual(["weird", "customers"]);
    expect(result.definitions[0].notices?.[0]).toMatch(/could not read this table/);
    expect(result.definitions[0].screens).toMatchObject({ create: false, edit: false, delete: false });
  });
});

describe("names", () => {
  it("writes any table name as a route segment that tells cases apart and reads back", () => {
    expect(routeSegment("orders")).toBe("orders");
    expect(routeSegment("Orders")).not.toBe(routeSegment("orders"));
    expect(routeSegment("a.b")).not.toBe(routeOf("a", "b"));
    expect(routeSegment("Ü ß/?#%")).toMatch(/^[a-z0-9_~-]+$/);
  });

  it("encodes composite keys reversibly, commas and percent signs included", () => {
    const id = encodeKey(["a,b", "50%", 7]);
    expect(decodeKey(id, ["x", "y", "z"])).toEqual({ x: "a,b", y: "50%", z: "7" });
    expect(decodeKey("only-one", ["x", "y"])).toBeUndefined();
    expect(decodeKey("%E0%A4%A", ["x"])).toEqual({ x: "%E0%A4%A" });
    expect(decodeKey("%E0%A4%A,b", ["x", "y"])).toBeUndefined();
  });

  it("quotes names PostgREST would read otherwise", () => {
    expect(pgrstName("total")).toBe("total");
    expect(pgrstName("Order Status")).toBe('"Order Status"');
    expect(pgrstName('a"b')).toBe('"a\\"b"');
  });

  it("labels from names", () => {
    expect(humanize("customer_id")).toBe("Customer");
    expect(humanize("createdAt")).toBe("Created at");
    expect(singularOf("categories")).toBe("category");
    expect(singularOf("boxes")).toBe("box");
    expect(singularOf("status")).toBe("status");
  });
});
