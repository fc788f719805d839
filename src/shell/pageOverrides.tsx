// Pages a project adds to the console (docs/architecture.md, "Overriding a screen or a field"):
// each is a route with an optional menu entry, a guard (a table and an action of the permission
// matrix) and a condition on the live resources, so a page written for one project's tables (the
// demo's dashboard) appears only where those tables are. Declared in src/overrides.tsx; this file
// turns them into Refine resources, routes and the guards the access control answers by.
import type { ResourceProps } from "@refinedev/core";
import type { ComponentType, ReactNode } from "react";
import { Route } from "react-router";
import { GuardedScreen } from "../components/GuardedScreen";
import type { Permission } from "../providers/accessControlProvider";
import type { ConsoleResources } from "../resources";

export interface PageOverride {
  /** The page's name: its Refine resource, menu key and screen title key. */
  name: string;
  /** Its route ("/" replaces the tables overview as the first screen). */
  path: string;
  /** Its menu entry (English label, translated by `name`); none: routed, not in the menu. */
  menu?: { label: string; icon?: ReactNode };
  /** The permissions it needs (all of them): actions on resources of the matrix (generated names). */
  guard: readonly Permission[];
  /** Whether the project of the moment has what the page needs (default: always). */
  when?: (live: ConsoleResources) => boolean;
  Screen: ComponentType;
}

/** The pages whose condition holds for the resources of the moment. */
export const activePages = (pages: readonly PageOverride[], live: ConsoleResources): PageOverride[] =>
  live.state === "installed" ? pages.filter((page) => page.when?.(live) ?? true) : [];

export { hasResources } from "../resources";

/** Each page's guard by its name, for the access control (a page is no row of the matrix). */
export const pageGuards = (pages: readonly PageOverride[]): Record<string, readonly Permission[]> =>
  Object.fromEntries(pages.map((page) => [page.name, page.guard]));

/** The Refine resources of the pages with a menu entry. */
export const pageResources = (pages: readonly PageOverride[]): ResourceProps[] =>
  pages.flatMap((page) =>
    page.menu ? [{ name: page.name, list: page.path, meta: { label: page.menu.label, icon: page.menu.icon } }] : [],
  );

/** Each page's route, behind its guard. */
export const pageRoutes = (pages: readonly PageOverride[]) =>
  pages.map(({ name, path, Screen }) => {
    // Answered by the page's guard (pageGuards, set with the pages of the moment).
    const element = (
      <GuardedScreen key={name} resource={name}>
        <Screen />
      </GuardedScreen>
    );
    return path === "/" ? (
      <Route key={name} index element={element} />
    ) : (
      <Route key={name} path={path} element={element} />
    );
  });
