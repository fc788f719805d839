// @vitest-environment jsdom
// The side menu: Refine's menu as antd `items` (no deprecation warning on the console), only
// the screens the operator may list, and sign-out.
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { act, cleanup, render, screen } from "@testing-library/react";
import type { MenuProps } from "antd";
import { MemoryRouter, type NavigateFunction, useNavigate } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConsoleMenu } from "./ConsoleMenu";

/** antd's Menu, counted: the menu should render again only when what it shows changes. */
const menuRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock("antd", async (importOriginal) => {
  const antd = await importOriginal<typeof import("antd")>();
  const CountedMenu = (props: MenuProps) => {
    menuRenders.count++;
    return <antd.Menu {...props} />;
  };
  return { ...antd, Menu: CountedMenu };
});

let navigate: NavigateFunction;
function NavigateHandle() {
  navigate = useNavigate();
  return null;
}

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
        <NavigateHandle />
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
    expect(items).toEqual(["Dashboard", "Products", "Sign out"]);
    expect(screen.getByRole("menuitem", { name: "Products" }).className).toContain("ant-menu-item-selected");
    expect(warnings.flatMap((spy) => spy.mock.calls.map((call) => String(call[0])))).toEqual([]);
  });

  it("renders its menu again for another screen, not for another page of the same list", {
    timeout: 30_000,
  }, async () => {
    renderMenu();
    await screen.findByRole("menuitem", { name: /Sign out/ });
    const settled = menuRenders.count;
    await act(() => navigate("/products?currentPage=2&pageSize=25"));
    await act(() => navigate("/products?currentPage=3&pageSize=25"));
    expect(menuRenders.count).toBe(settled);
    await act(() => navigate("/"));
    expect(menuRenders.count).toBe(settled + 1);
    expect(screen.getByRole("menuitem", { name: "Dashboard" }).className).toContain("ant-menu-item-selected");
  });
});
