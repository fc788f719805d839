// @vitest-environment jsdom
// The side menu: Refine's menu as antd `items` (no deprecation warning on the console), only
// the screens the operator may list, and sign-out.
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConsoleMenu } from "./ConsoleMenu";

const resources = [
  { name: "dashboard", list: "/", meta: { label: "Dashboard" } },
  { name: "products", list: "/products", meta: { label: "Products" } },
  { name: "staff", list: "/staff", meta: { label: "Staff" } },
  { name: "order_items", meta: { hide: true } },
];

function renderMenu() {
  return render(
    <MemoryRouter initialEntries={["/products"]}>
      <Refine
        routerProvider={routerProvider}
        resources={resources}
        authProvider={{
          login: async () => ({ success: true }),
          logout: async () => ({ success: true }),
          check: async () => ({ authenticated: true }),
          onError: async () => ({}),
        }}
        accessControlProvider={{ can: async ({ resource }) => ({ can: resource !== "staff" }) }}
        options={{ disableTelemetry: true }}
      >
        <ConsoleMenu />
      </Refine>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("ConsoleMenu", () => {
  it("lists what the operator may open, marks the current screen, and warns about nothing", {
    timeout: 30_000,
  }, async () => {
    const warnings = [vi.spyOn(console, "error"), vi.spyOn(console, "warn")];
    renderMenu();
    expect(await screen.findByRole("menuitem", { name: "Products" })).toBeTruthy();
    const items = screen.getAllByRole("menuitem").map((item) => item.textContent);
    expect(items).toEqual(["Dashboard", "Products", "Logout"]);
    expect(screen.getByRole("menuitem", { name: "Products" }).className).toContain("ant-menu-item-selected");
    expect(warnings.flatMap((spy) => spy.mock.calls.map((call) => String(call[0])))).toEqual([]);
  });
});
