import { describe, expect, it } from "vitest";
import { buildCommands, filterCommands, isTyping, type PaletteResource, shortcutLetters } from "./commands";

const resources: PaletteResource[] = [
  { name: "dashboard", label: "Dashboard", listPath: "/" },
  {
    name: "products",
    label: "Products",
    listPath: "/products",
    createPath: "/products/create",
    createLabel: "New product",
  },
  {
    name: "categories",
    label: "Categories",
    listPath: "/categories",
    createPath: "/categories/create",
    createLabel: "New category",
  },
  {
    name: "customers",
    label: "Customers",
    listPath: "/customers",
    createPath: "/customers/create",
    createLabel: "New customer",
  },
  { name: "staff", label: "Staff", listPath: "/staff", createPath: "/staff/create", createLabel: "New staff member" },
];

const viewer = (resource: string, action: string) => resource !== "staff" && action === "list";

describe("command palette", () => {
  it("gives each resource a free letter in menu order", () => {
    const letters = shortcutLetters([
      "dashboard",
      "products",
      "categories",
      "customers",
      "orders",
      "staff",
      "audit_log",
    ]);
    expect(Object.fromEntries(letters)).toEqual({
      dashboard: "d",
      products: "p",
      categories: "c",
      customers: "u",
      orders: "o",
      staff: "s",
      audit_log: "a",
    });
  });

  it("offers only what the operator may do", () => {
    const commands = buildCommands(resources, viewer);
    expect(commands.map((c) => c.id)).toEqual(["go:dashboard", "go:products", "go:categories", "go:customers"]);
    expect(commands.find((c) => c.id === "go:customers")?.shortcut).toBe("g u");

    const admin = buildCommands(resources, () => true);
    expect(admin.filter((c) => c.kind === "create").map((c) => c.path)).toEqual([
      "/products/create",
      "/categories/create",
      "/customers/create",
      "/staff/create",
    ]);
  });

  it("keeps each resource's letter whatever the operator may open (orders keep `o` before order items)", () => {
    const store: PaletteResource[] = [
      { name: "orders", label: "Orders", listPath: "/orders" },
      { name: "order_items", label: "Order items", listPath: "/order_items" },
    ];
    // The orders' permission not (yet) held: order items must not take their key.
    const commands = buildCommands(store, (resource) => resource === "order_items");
    expect(commands.map((c) => [c.id, c.shortcut])).toEqual([["go:order_items", "g r"]]);
  });

  it("filters by every word, prefix matches first, ignoring case and accents", () => {
    const commands = buildCommands(resources, () => true);
    expect(filterCommands(commands, "").length).toBe(commands.length);
    expect(filterCommands(commands, "cu").map((c) => c.label)).toEqual(["Customers", "New customer"]);
    expect(filterCommands(commands, "new cat").map((c) => c.label)).toEqual(["New category"]);
    expect(filterCommands(commands, "zzz")).toEqual([]);
    const german = [{ id: "go:x", kind: "go" as const, label: "Übersicht", path: "/" }];
    expect(filterCommands(german, "uber")).toHaveLength(1);
  });

  it("leaves keys typed into fields alone", () => {
    expect(isTyping({ tagName: "INPUT" } as unknown as EventTarget)).toBe(true);
    expect(isTyping({ tagName: "DIV", isContentEditable: true } as unknown as EventTarget)).toBe(true);
    expect(isTyping({ tagName: "BODY", isContentEditable: false } as unknown as EventTarget)).toBe(false);
    expect(isTyping(null)).toBe(false);
  });
});
