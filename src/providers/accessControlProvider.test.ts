import { describe, expect, it } from "vitest";
import { MESSAGES } from "../i18n/messages";
import { createAccessControlProvider, guardPages } from "./accessControlProvider";
import { type Access, accessRows, type PermissionRow, type PermissionSource, PermissionStore } from "./permissions";

/** A source whose user and rows the test sets, counting loads. */
function memorySource(rowsByUser: Record<string, PermissionRow[]>) {
  let user: string | null = null;
  let listener = () => {};
  let failNext = false;
  const state = { loads: 0 };
  const source: PermissionSource = {
    currentUserId: async () => user,
    load: async () => {
      state.loads++;
      if (failNext) {
        failNext = false;
        throw new Error("network");
      }
      return user ? (rowsByUser[user] ?? []) : [];
    },
    onUserChange: (callback) => {
      listener = callback;
    },
  };
  return {
    source,
    state,
    signIn: (id: string | null) => {
      user = id;
      listener();
    },
    failOnce: () => {
      failNext = true;
    },
  };
}

const viewer: PermissionRow[] = [
  { resource: "products", action: "list" },
  { resource: "products", action: "show" },
];
const editor: PermissionRow[] = [...viewer, { resource: "products", action: "create" }];

describe("accessControlProvider", () => {
  it("allows exactly the actions of the caller's rows", async () => {
    const env = memorySource({ v: viewer });
    const { can } = createAccessControlProvider(new PermissionStore(env.source));
    env.signIn("v");
    expect(await can({ resource: "products", action: "list" })).toEqual({ can: true });
    expect(await can({ resource: "products", action: "edit" })).toEqual({ can: false, reason: MESSAGES.forbidden });
    expect(await can({ resource: "orders", action: "list" })).toMatchObject({ can: false });
  });

  it("treats clone as create and opens the dashboard to every staff member", async () => {
    const env = memorySource({ e: editor, v: viewer });
    const { can } = createAccessControlProvider(new PermissionStore(env.source));
    env.signIn("e");
    expect(await can({ resource: "products", action: "clone" })).toEqual({ can: true });
    expect(await can({ resource: "dashboard", action: "list" })).toEqual({ can: true });
    env.signIn("v");
    expect(await can({ resource: "products", action: "clone" })).toMatchObject({ can: false });
  });

  it("answers a project's page by its guard: every permission it names (src/overrides.tsx)", async () => {
    const customers = (actions: string[]) => actions.map((action) => ({ resource: "customers", action }));
    const env = memorySource({ both: customers(["edit", "delete"]), edit: customers(["list", "edit"]) });
    const { can } = createAccessControlProvider(new PermissionStore(env.source));
    guardPages({
      customer_duplicates: [
        { resource: "customers", action: "edit" },
        { resource: "customers", action: "delete" },
      ],
      dashboard: [{ resource: "orders", action: "list" }],
    });
    try {
      env.signIn("both");
      expect(await can({ resource: "customer_duplicates", action: "list" })).toEqual({ can: true });
      // A guarded dashboard is no longer every operator's.
      expect(await can({ resource: "dashboard", action: "list" })).toMatchObject({ can: false });
      env.signIn("edit");
      expect(await can({ resource: "customer_duplicates", action: "list" })).toMatchObject({ can: false });
    } finally {
      guardPages({});
    }
    // Without a guard a page's name is no row of the matrix: refused.
    env.signIn("both");
    expect(await can({ resource: "customer_duplicates", action: "list" })).toMatchObject({ can: false });
  });

  it("denies everything without a session or staff rows", async () => {
    const env = memorySource({ outsider: [] });
    const { can } = createAccessControlProvider(new PermissionStore(env.source));
    expect(await can({ resource: "dashboard", action: "list" })).toMatchObject({ can: false });
    env.signIn("outsider");
    expect(await can({ resource: "products", action: "list" })).toMatchObject({ can: false });
  });

  it("loads the rows once per session and again after the user changes", async () => {
    const env = memorySource({ v: viewer, e: editor });
    const store = new PermissionStore(env.source);
    const { can } = createAccessControlProvider(store);
    env.signIn("v");
    await can({ resource: "products", action: "list" });
    await can({ resource: "products", action: "show" });
    expect(env.state.loads).toBe(1);
    env.signIn("e");
    expect(await can({ resource: "products", action: "create" })).toEqual({ can: true });
    expect(env.state.loads).toBe(2);
  });

  it("does not keep a failed load", async () => {
    const env = memorySource({ v: viewer });
    const store = new PermissionStore(env.source);
    env.signIn("v");
    env.failOnce();
    await expect(store.get()).rejects.toThrow("network");
    expect((await store.get()).has("products:list")).toBe(true);
  });
});

describe("my_access() as permission rows", () => {
  const access: Access = {
    user_id: "u1",
    role: "admin",
    active: true,
    is_admin: true,
    mfa_ok: true,
    permissions: { "public.tasks": ["list"], "billing.invoices": ["show"] },
  };

  it("opens the admin's screens (Tables, Operators, Permissions) to admins only", async () => {
    const viewerRows = accessRows({ ...access, role: "viewer", is_admin: false });
    const can = async (rows: PermissionRow[], resource: string) => {
      const source = memorySource({ u: rows });
      source.signIn("u");
      return (await createAccessControlProvider(new PermissionStore(source.source)).can({ resource, action: "list" }))
        .can;
    };
    for (const screen of ["opsdesk_tables", "opsdesk_operators", "opsdesk_permissions"]) {
      expect(await can(accessRows(access), screen), screen).toBe(true);
      expect(await can(viewerRows, screen), screen).toBe(false);
    }
    expect(await can(viewerRows, "tasks")).toBe(true);
    expect(await can(viewerRows, "billing.invoices")).toBe(false);
  });
});
