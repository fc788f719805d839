// A project's pages (src/overrides.tsx): present only where their condition holds on the live
// resources, routed at their path (`/` replacing the tables overview), in the menu when they ask
// for it, and answered by their guard. Fails on the old code: there was no page mechanism (the
// dashboard and duplicates screen were wired into App.tsx for the compiled demo only).
import { createRoutesFromElements, matchRoutes, Route } from "react-router";
import { describe, expect, it } from "vitest";
import { type ConsoleResources, consoleResources } from "../resources";
import type { ResourceDefinition } from "../resources/types";
import { activePages, hasResources, type PageOverride, pageGuards, pageResources, pageRoutes } from "./pageOverrides";

const Nothing = () => null;
const DASHBOARD: PageOverride = {
  name: "dashboard",
  path: "/",
  menu: { label: "Dashboard" },
  guard: [{ resource: "orders", action: "list" }],
  when: hasResources("orders", "order_items", "products", "categories", "customers"),
  Screen: Nothing,
};
const DUPLICATES: PageOverride = {
  name: "customer_duplicates",
  path: "/customers/duplicates",
  guard: [
    { resource: "customers", action: "edit" },
    { resource: "customers", action: "delete" },
  ],
  when: hasResources("customers"),
  Screen: Nothing,
};
const PAGES = [DASHBOARD, DUPLICATES];

const live = (state: ConsoleResources["state"], menu: readonly ResourceDefinition[]): ConsoleResources => ({
  state,
  menu: [...menu],
  nested: [],
});
// The demo's resources as the console holds them (its order items nested under orders).
const demo = consoleResources();
const helpdesk = live(
  "installed",
  consoleResources().menu.filter((def) => def.name === "customers"),
);

describe("page overrides", () => {
  it("exist only where their condition holds on the live resources", () => {
    expect(activePages(PAGES, demo).map((p) => p.name)).toEqual(["dashboard", "customer_duplicates"]);
    // Another project with a customers table: no store dashboard, the duplicates screen stays.
    expect(activePages(PAGES, helpdesk).map((p) => p.name)).toEqual(["customer_duplicates"]);
    // No Opsdesk, or not known yet: no page at all.
    expect(activePages(PAGES, live("missing", []))).toEqual([]);
    expect(activePages(PAGES, live("pending", consoleResources().menu))).toEqual([]);
  });

  it("are routed at their path, `/` as the index", () => {
    const routes = createRoutesFromElements(<Route path="/">{pageRoutes(PAGES)}</Route>);
    const screenAt = (path: string) => matchRoutes(routes, path)?.at(-1)?.route;
    expect(screenAt("/")?.index).toBe(true);
    expect(screenAt("/customers/duplicates")?.path).toBe("/customers/duplicates");
    expect(matchRoutes(createRoutesFromElements(<Route path="/">{pageRoutes([DUPLICATES])}</Route>), "/x")).toBeNull();
  });

  it("have a menu entry when they ask for one, and their guards by name", () => {
    expect(pageResources(PAGES)).toEqual([{ name: "dashboard", list: "/", meta: { label: "Dashboard" } }]);
    expect(pageGuards(PAGES)).toEqual({
      dashboard: [{ resource: "orders", action: "list" }],
      customer_duplicates: DUPLICATES.guard,
    });
  });
});
