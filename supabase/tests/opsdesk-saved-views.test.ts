// Saved list views, list columns and operator preferences (issue 5) in Opsdesk's tables
// (opsdesk.saved_views, list_columns, preferences; resources named "<schema>.<table>") through
// supabase-js with the demo's operators: every operator sees and changes only their own rows,
// only while they may list the table (preferences: while they are active operators), and the
// tables' rules come back as named constraint errors.
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import { DEMO, DEMO_PASSWORD } from "./opsdesk-db.js";

let stack: TestStack;
const as: Record<"admin" | "editor" | "viewer" | "outsider" | "former", SupabaseClient> = {} as never;

beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
  for (const account of ["admin", "editor", "viewer", "outsider", "former"] as const) {
    const client = stack.anon();
    const { error } = await client.auth.signInWithPassword({ email: DEMO[account].email, password: DEMO_PASSWORD });
    if (error) throw error;
    as[account] = client;
  }
});
afterAll(async () => {
  await stack?.stop();
});

const VIEW = {
  resource: "public.products",
  filters: [{ field: "status", operator: "eq", value: "active" }],
  sorters: [{ field: "price", order: "desc" }],
  columns: ["sku", "name", "price"],
  page_size: 50,
};

/** An Opsdesk table of the operator's own rows. */
const own = (client: SupabaseClient, table: "saved_views" | "list_columns" | "preferences") =>
  client.schema("opsdesk").from(table);

async function save(client: SupabaseClient, row: Record<string, unknown>) {
  return own(client, "saved_views").insert(row).select().single();
}

async function viewsOf(client: SupabaseClient): Promise<{ name: string; owner: string }[]> {
  const { data, error } = await own(client, "saved_views").select("name, owner").order("name");
  expect(error).toBeNull();
  return data ?? [];
}

describe("own rows only", () => {
  let editorView: { id: string };

  it("a view is saved for the signed-in operator with the defaults filled in", async () => {
    const { data, error } = await save(as.editor, { ...VIEW, name: "Active by price" });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      ...VIEW,
      owner: DEMO.editor.id,
      name: "Active by price",
      is_default: false,
    });
    expect(data.created_at).toBe(data.updated_at);
    editorView = data;
    const minimal = await save(as.editor, { resource: "public.customers", name: "All" });
    expect(minimal.data).toMatchObject({ filters: [], sorters: [], columns: null, page_size: 25 });
  });

  it("another operator neither sees nor changes it", async () => {
    expect((await save(as.viewer, { ...VIEW, name: "Mine" })).error).toBeNull();
    expect(await viewsOf(as.viewer)).toEqual([{ name: "Mine", owner: DEMO.viewer.id }]);
    expect((await viewsOf(as.editor)).map((v) => v.name)).toEqual(["Active by price", "All"]);
    expect(await viewsOf(as.admin)).toEqual([]);

    const renamed = await own(as.viewer, "saved_views").update({ name: "Stolen" }).eq("id", editorView.id).select();
    expect(renamed).toMatchObject({ error: null, data: [] });
    const deleted = await own(as.viewer, "saved_views").delete().eq("id", editorView.id).select();
    expect(deleted).toMatchObject({ error: null, data: [] });
    const [row] = await stack.sql("select name from opsdesk.saved_views where id = $1", [editorView.id]);
    expect(row).toEqual({ name: "Active by price" });
  });

  it("nobody saves a view in another operator's name or hands theirs over", async () => {
    const forged = await save(as.viewer, { ...VIEW, name: "Forged", owner: DEMO.editor.id });
    expect(forged.error?.code).toBe("42501");
    const handed = await own(as.editor, "saved_views").update({ owner: DEMO.viewer.id }).eq("id", editorView.id);
    expect(handed.error?.code).toBe("42501");
  });

  it("views exist only for tables the operator may list", async () => {
    expect((await save(as.viewer, { resource: "opsdesk.audit_log", name: "Audit" })).error?.code).toBe("42501");
    expect((await save(as.editor, { resource: "opsdesk.audit_log", name: "Audit" })).error).toBeNull();
    // A table the matrix does not name, and a name without its schema.
    expect((await save(as.admin, { resource: "auth.users", name: "Users" })).error?.code).toBe("42501");
    expect((await save(as.admin, { resource: "products", name: "Bare" })).error?.code).toBe("42501");
  });

  it("non-operators, inactive operators and anonymous visitors get nothing", async () => {
    for (const client of [as.outsider, as.former]) {
      expect((await save(client, { ...VIEW, name: "Nope" })).error?.code).toBe("42501");
      expect(await viewsOf(client)).toEqual([]);
    }
    // Anonymous visitors may not even use the schema.
    const anon = await own(stack.anon(), "saved_views").select("name");
    expect(anon.error).toMatchObject({ code: "42501", message: "permission denied for schema opsdesk" });
    expect((await save(stack.anon(), { ...VIEW, name: "Nope" })).error?.code).toBe("42501");
  });

  it("an operator's own rows survive only as long as their account", async () => {
    const { data: created } = await stack.service().auth.admin.createUser({ email: "gone@example.com" });
    const userId = created.user?.id ?? "";
    await stack.sql("insert into opsdesk.saved_views (owner, resource, name) values ($1, 'public.products', 'Temp')", [
      userId,
    ]);
    await stack.service().auth.admin.deleteUser(userId);
    expect(await stack.sql("select 1 from opsdesk.saved_views where owner = $1", [userId])).toEqual([]);
  });
});

describe("rules", () => {
  it.each([
    [{ name: "" }, "23514", "saved_views_name_check"],
    [{ name: "   " }, "23514", "saved_views_name_check"],
    [{ name: "x".repeat(61) }, "23514", "saved_views_name_check"],
    [{ name: "ok", page_size: 30 }, "23514", "saved_views_page_size_check"],
    [{ name: "ok", filters: { status: "active" } }, "23514", "saved_views_filters_check"],
    [{ name: "ok", sorters: "price" }, "23514", "saved_views_sorters_check"],
    [{ name: "ok", columns: [] }, "23514", "saved_views_columns_check"],
    [{ name: "ok", columns: ["sku", null] }, "23514", "saved_views_columns_check"],
    [{ name: null }, "23502", undefined],
  ])("%j is refused (%s %s)", async (row, code, constraint) => {
    const { error } = await save(as.editor, { resource: "public.products", ...row });
    expect(error?.code).toBe(code);
    if (constraint) expect(error?.message).toContain(`"${constraint}"`);
  });

  it("a resource that is no schema-qualified table name is refused: by RLS for operators, by its rule for the service role", async () => {
    const row = { resource: "Products; drop", name: "ok" };
    expect((await save(as.admin, row)).error?.code).toBe("42501");
    const { error } = await save(stack.service(), { ...row, owner: DEMO.admin.id });
    expect(error?.code).toBe("23514");
    expect(error?.message).toContain('"saved_views_resource_check"');
  });

  it("names are unique per operator and resource", async () => {
    const again = await save(as.editor, { ...VIEW, name: "Active by price" });
    expect(again.error?.code).toBe("23505");
    expect(again.error?.message).toContain('"saved_views_name_key"');
    expect((await save(as.editor, { resource: "public.orders", name: "Active by price" })).error).toBeNull();
    expect((await save(as.viewer, { ...VIEW, name: "Active by price" })).error).toBeNull();
  });

  it("an update moves updated_at", async () => {
    const { data: before } = await save(as.editor, { resource: "public.categories", name: "Touch me" });
    const { data: after } = await own(as.editor, "saved_views")
      .update({ page_size: 100 })
      .eq("id", before.id)
      .select()
      .single();
    expect(after.page_size).toBe(100);
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
  });
});

describe("one default per operator and resource", () => {
  async function defaults(client: SupabaseClient, resource: string): Promise<string[]> {
    const { data } = await own(client, "saved_views").select("name").eq("resource", resource).eq("is_default", true);
    return (data ?? []).map((r) => r.name);
  }

  it("marking a view default un-marks the previous one, in one call", async () => {
    const first = await save(as.admin, { resource: "public.orders", name: "Pending", is_default: true });
    expect(first.error).toBeNull();
    const second = await save(as.admin, { resource: "public.orders", name: "Paid", is_default: true });
    expect(second.error).toBeNull();
    expect(await defaults(as.admin, "public.orders")).toEqual(["Paid"]);

    const back = await own(as.admin, "saved_views").update({ is_default: true }).eq("id", first.data.id);
    expect(back.error).toBeNull();
    expect(await defaults(as.admin, "public.orders")).toEqual(["Pending"]);
  });

  it("defaults of other resources and other operators are left alone", async () => {
    expect(
      (await save(as.admin, { resource: "public.products", name: "Catalogue", is_default: true })).error,
    ).toBeNull();
    expect((await save(as.editor, { resource: "public.orders", name: "Mine", is_default: true })).error).toBeNull();
    expect(await defaults(as.admin, "public.orders")).toEqual(["Pending"]);
    expect(await defaults(as.admin, "public.products")).toEqual(["Catalogue"]);
    expect(await defaults(as.editor, "public.orders")).toEqual(["Mine"]);
  });

  it("the database refuses a second default that bypasses the trigger", async () => {
    await stack.sql("alter table opsdesk.saved_views disable trigger b10_single_default");
    try {
      const err = await stack
        .sql(
          "insert into opsdesk.saved_views (owner, resource, name, is_default) values ($1, 'public.orders', 'Sneaky', true)",
          [DEMO.admin.id],
        )
        .catch((e: { code?: string; constraint?: string }) => e);
      expect(err).toMatchObject({ code: "23505", constraint: "saved_views_is_default_key" });
    } finally {
      await stack.sql("alter table opsdesk.saved_views enable trigger b10_single_default");
    }
  });
});

describe("operator preferences", () => {
  it("each operator keeps their own theme and language", async () => {
    const saved = await own(as.editor, "preferences")
      .upsert({ theme: "dark", locale: "de" })
      .select("user_id, theme, locale")
      .single();
    expect(saved).toMatchObject({ error: null, data: { user_id: DEMO.editor.id, theme: "dark", locale: "de" } });
    const { data: viewerDefaults } = await own(as.viewer, "preferences").insert({}).select().single();
    expect(viewerDefaults).toMatchObject({ user_id: DEMO.viewer.id, theme: "light", locale: "en" });

    const { data: seen } = await own(as.viewer, "preferences").select("user_id");
    expect(seen).toEqual([{ user_id: DEMO.viewer.id }]);
    const changed = await own(as.viewer, "preferences").update({ theme: "light" }).eq("user_id", DEMO.editor.id);
    expect(changed.error).toBeNull();
    const [editorRow] = await stack.sql("select theme from opsdesk.preferences where user_id = $1", [DEMO.editor.id]);
    expect(editorRow).toEqual({ theme: "dark" });
  });

  it("refuses unknown themes and languages", async () => {
    const theme = await own(as.editor, "preferences").update({ theme: "neon" }).eq("user_id", DEMO.editor.id);
    expect(theme.error?.message).toContain('"preferences_theme_check"');
    const locale = await own(as.editor, "preferences").update({ locale: "fr" }).eq("user_id", DEMO.editor.id);
    expect(locale.error?.message).toContain('"preferences_locale_check"');
  });

  it("only active operators keep preferences", async () => {
    for (const client of [as.outsider, as.former, stack.anon()]) {
      expect((await own(client, "preferences").insert({ theme: "dark" })).error?.code).toBe("42501");
    }
  });
});

describe("list columns", () => {
  const CHOICE = { resource: "public.products", columns: ["name", "price"], widths: { name: 320 } };

  it("each operator keeps one choice per list, replaced whole", async () => {
    const first = await own(as.editor, "list_columns").upsert(CHOICE).select("user_id, columns, widths").single();
    expect(first).toMatchObject({
      error: null,
      data: { user_id: DEMO.editor.id, columns: CHOICE.columns, widths: CHOICE.widths },
    });
    const again = await own(as.editor, "list_columns")
      .upsert({ ...CHOICE, columns: ["sku"], widths: {} }, { onConflict: "user_id,resource" })
      .select("columns, widths");
    expect(again).toMatchObject({ error: null, data: [{ columns: ["sku"], widths: {} }] });
    await own(as.viewer, "list_columns").upsert(CHOICE);
    const { data: seen } = await own(as.viewer, "list_columns").select("user_id, columns");
    expect(seen).toEqual([{ user_id: DEMO.viewer.id, columns: CHOICE.columns }]);
    const changed = await own(as.viewer, "list_columns")
      .update({ columns: ["id"] })
      .eq("user_id", DEMO.editor.id);
    expect(changed.error).toBeNull();
    const rows = await stack.sql("select columns from opsdesk.list_columns where user_id = $1", [DEMO.editor.id]);
    expect(rows).toEqual([{ columns: ["sku"] }]);
  });

  it("refuses empty column lists and widths out of bounds", async () => {
    const empty = await own(as.editor, "list_columns").upsert({ ...CHOICE, columns: [] });
    expect(empty.error?.message).toContain('"list_columns_columns_check"');
    for (const widths of [{ name: 5 }, { name: "wide" }, []]) {
      const bad = await own(as.editor, "list_columns").upsert({ ...CHOICE, widths });
      expect(bad.error?.message).toContain('"list_columns_widths_check"');
    }
  });

  it("only for lists the operator may see, and only signed in", async () => {
    // The viewer may not list the audit log; outsiders and former operators nothing.
    expect(
      (await own(as.viewer, "list_columns").insert({ ...CHOICE, resource: "opsdesk.audit_log" })).error?.code,
    ).toBe("42501");
    for (const client of [as.outsider, as.former, stack.anon()]) {
      expect((await own(client, "list_columns").insert(CHOICE)).error?.code).toBe("42501");
    }
  });
});
