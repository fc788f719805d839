// Wiring only: providers, resources and the console's routes (the sign-in screens are in main.tsx).
import { Authenticated, Refine } from "@refinedev/core";
import routerProvider, { CatchAllNavigate } from "@refinedev/react-router";
import { App as AntdApp, Spin } from "antd";
import { type ReactNode, useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { createRoutesFromElements, matchRoutes, Navigate, Route, Routes } from "react-router";
import { ScreenWaiting } from "./components/connection/ScreenWaiting";
import { ChunkBoundary } from "./components/errors/ChunkBoundary";
import { NotFoundPage } from "./components/errors/ErrorPages";
import { lazyChunk, preloadChunksIn } from "./components/errors/lazyChunk";
import { GuardedScreen } from "./components/GuardedScreen";
import { listPath } from "./components/paths";
import { RESOURCE_ICONS } from "./components/resourceIcons";
import { useI18nProvider } from "./components/theme/PreferencesProvider";
import { overrideKinds } from "./features/fields/fieldKinds";
import { watchKeyedSaves } from "./features/saving/keyedSaves";
import { translatedResources } from "./i18n/resourceLabels";
import { KIND_OVERRIDES, PAGE_OVERRIDES, SCREEN_OVERRIDES } from "./overrides";
import { consoleProviders, liveSchemaReady, liveSchemaSettled, queryClient } from "./providers";
import { guardPages } from "./providers/accessControlProvider";
import { useNotificationProvider } from "./providers/notificationProvider";
import { type ConsoleResources, consoleResources, onResourcesChange } from "./resources";
import { LeaveGuard } from "./shell/LeaveGuard";
import { activePages, type PageOverride, pageGuards, pageResources, pageRoutes } from "./shell/pageOverrides";
import { refineResource, resourceRoutes } from "./shell/routes";

// The console chunk has loaded: its providers start, and access changes reach the screens at once.
const { accessControlProvider, authProvider, dataProvider, liveProvider } = consoleProviders();
// Field kinds replaced in src/overrides.tsx render so everywhere (lists, cards, show pages, forms).
overrideKinds(KIND_OVERRIDES);
// Form saves that outlive their form (sent again until the server answers) end in their drafts.
watchKeyedSaves(queryClient);

// The signed-in console (layout, header, palette) loads after the auth check, not on /login.
const ConsoleShell = lazyChunk(() => import("./shell/ConsoleShell").then((m) => m.default));
const ProfilePage = lazyChunk(() => import("./pages/profile/ProfilePage").then((m) => m.ProfilePage));
const NotInstalledPage = lazyChunk(() =>
  import("./pages/notInstalled/NotInstalledPage").then((m) => m.NotInstalledPage),
);
// bench:console's hand-built baseline list (pages/bench), in bench builds only: elsewhere Vite
// drops it with the condition.
const HandBuiltList =
  import.meta.env.VITE_BENCH_HAND_LIST === "1"
    ? lazyChunk(() => import("./pages/bench/HandBuiltList").then((m) => m.HandBuiltList))
    : undefined;
const TablesOverview = lazyChunk(() => import("./pages/tables/TablesOverview").then((m) => m.TablesOverview));
const TablesPage = lazyChunk(() => import("./pages/tables/TablesPage").then((m) => m.TablesPage));
const OperatorsPage = lazyChunk(() => import("./pages/operators/OperatorsPage").then((m) => m.OperatorsPage));
const PermissionsMatrixPage = lazyChunk(() =>
  import("./pages/operators/PermissionsMatrixPage").then((m) => m.PermissionsMatrixPage),
);

/** The admin's screens; `~` starts no route of a table (src/schema/names.ts escapes it). */
const TABLES_PATH = "/~tables";
const OPERATORS_PATH = "/~operators";
const PERMISSIONS_PATH = "/~permissions";

/** The admin's screens (Opsdesk's own): menu entry, route, screen. */
const ADMIN_SCREENS = [
  {
    name: "opsdesk_operators",
    path: OPERATORS_PATH,
    label: "Operators",
    icon: RESOURCE_ICONS.staff,
    Screen: OperatorsPage,
  },
  {
    name: "opsdesk_permissions",
    path: PERMISSIONS_PATH,
    label: "Permissions",
    icon: RESOURCE_ICONS.permissions,
    Screen: PermissionsMatrixPage,
  },
  { name: "opsdesk_tables", path: TABLES_PATH, label: "Tables", icon: RESOURCE_ICONS.permissions, Screen: TablesPage },
];

/** The audit log: the generated resource of Opsdesk's own table (src/resources/audit_log.ts overrides it). */
const AUDIT_LOG = "opsdesk.audit_log";

/**
 * Addresses of the compiled demo (before it ran on Opsdesk), kept as redirects to where their
 * screens are now, so bookmarks and links in old mails still lead somewhere.
 */
function oldAddresses(live: ConsoleResources): Record<string, string> {
  const audit = live.menu.find((def) => def.name === AUDIT_LOG);
  const auditPath = audit ? listPath(audit) : "/";
  return { "/staff": OPERATORS_PATH, "/permissions": PERMISSIONS_PATH, "/audit_log": auditPath, "/audit": auditPath };
}

/**
 * Refine's resources: the first screen (the tables overview, or a page override at `/`), the
 * resources of the live schema, the project's pages (src/overrides.tsx), Opsdesk's admin screens
 * and the profile.
 */
function refineResources({ menu, nested }: ConsoleResources, pages: readonly PageOverride[]) {
  const home = { name: "dashboard", list: "/", meta: { label: "Dashboard", icon: RESOURCE_ICONS.dashboard } };
  const profile = { name: "profile", list: "/profile", meta: { label: "Profile", icon: RESOURCE_ICONS.profile } };
  const definitions = [
    ...menu.map((def) => refineResource(def, RESOURCE_ICONS[def.name])),
    ...nested.map((def) => refineResource(def, undefined, true)),
  ];
  const admin = ADMIN_SCREENS.map(({ name, path, label, icon }) => ({ name, list: path, meta: { label, icon } }));
  const [first, others] = [pages.filter((page) => page.path === "/"), pages.filter((page) => page.path !== "/")];
  return [
    ...(first.length ? pageResources(first) : [home]),
    ...definitions,
    ...pageResources(others),
    ...admin,
    profile,
  ];
}

/** The signed-in shell around `children`, once the auth check has passed. */
const signedIn = (children: ReactNode) => (
  <Authenticated key="console" fallback={<CatchAllNavigate to="/login" />} loading={<ScreenWaiting />}>
    {children}
  </Authenticated>
);

/**
 * The console's routes for the resources of the moment: a layout route (the signed-in shell)
 * holding every screen; on a project without Opsdesk, the "not installed" screen at every address.
 */
const consoleRoutes = (live: ConsoleResources, pages: readonly PageOverride[]) => {
  if (live.state === "missing")
    return (
      <Route
        path="*"
        element={signedIn(
          <ChunkBoundary loading={<Spin fullscreen />}>
            <NotInstalledPage />
          </ChunkBoundary>,
        )}
      />
    );
  const ownHome = pages.some((page) => page.path === "/");
  return (
    <Route
      element={signedIn(
        <ChunkBoundary loading={<Spin fullscreen />}>
          <ConsoleShell />
        </ChunkBoundary>,
      )}
    >
      {!ownHome && (
        <Route
          index
          element={
            <ChunkBoundary>
              <TablesOverview />
            </ChunkBoundary>
          }
        />
      )}
      {pageRoutes(pages)}
      {[...live.menu, ...live.nested].map((def) => resourceRoutes(def, SCREEN_OVERRIDES))}
      {HandBuiltList && (
        <Route
          path="/~bench/:resource"
          element={
            <ChunkBoundary>
              <HandBuiltList />
            </ChunkBoundary>
          }
        />
      )}
      {ADMIN_SCREENS.map(({ name, path, Screen }) => (
        <Route
          key={name}
          path={path}
          element={
            <GuardedScreen resource={name}>
              <Screen />
            </GuardedScreen>
          }
        />
      ))}
      {Object.entries(oldAddresses(live)).map(([from, to]) => (
        <Route key={from} path={from} element={<Navigate to={to} replace />} />
      ))}
      <Route
        path="/profile"
        element={
          <GuardedScreen resource="profile">
            <ProfilePage />
          </GuardedScreen>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  );
};

/** The project's pages that exist for the resources of the moment, their guards set for the access control. */
function currentPages(live: ConsoleResources): PageOverride[] {
  const pages = activePages(PAGE_OVERRIDES, live);
  guardPages(pageGuards(pages));
  return pages;
}

/**
 * Loads the chunks the console's first screen at `pathname` renders (the shell and the
 * screen), so that the first render shows it at once (components/errors/lazyChunk.tsx).
 */
export async function preloadScreen(pathname: string): Promise<void> {
  // The resources of the live schema first (from the cache on a warm start): they make the routes.
  await liveSchemaReady();
  const live = consoleResources();
  const matches = matchRoutes(createRoutesFromElements(consoleRoutes(live, currentPages(live))), pathname) ?? [];
  return preloadChunksIn(matches.map((match) => match.route.element));
}

/** Every screen the menu opens (the dashboard, each list, the pages of their own). */
const menuPaths = () => {
  const live = consoleResources();
  return refineResources(live, currentPages(live)).flatMap((resource) =>
    typeof resource.list === "string" ? [resource.list] : [],
  );
};

/** How long after the console's first render the menu's screens start loading. */
const PRELOAD_AFTER_MS = 1_500;

/** `run` when the browser is next idle (Safari has no requestIdleCallback: a short timer). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(run, { timeout: 5_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, 50);
  return () => window.clearTimeout(timer);
}

/**
 * Loads the menu's screens once the console's first screen is up, one chunk per idle moment
 * (never one long task of evaluating them all while the operator starts working): the first
 * visit of a list from the menu then renders at once instead of fetching and evaluating its
 * chunk first (~180 ms from the click to its read on this 2-core machine). Record screens
 * still load on first use.
 */
function preloadMenuScreens(): () => void {
  let stopped = false;
  let cancel = () => {};
  const paths = menuPaths();
  const next = (index: number) => {
    if (stopped || index >= paths.length) return;
    cancel = whenIdle(() => {
      void preloadScreen(paths[index]).then(() => next(index + 1));
    });
  };
  const start = window.setTimeout(() => next(0), PRELOAD_AFTER_MS);
  return () => {
    stopped = true;
    window.clearTimeout(start);
    cancel();
  };
}

const keep = (text: string) => text;
/** Refine's button defaults are humanized action names ("edit" → "Edit"); labels pass through whole. */
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const KEEP_LABELS = { humanize: capitalise, plural: keep, singular: keep };

export function App() {
  const i18nProvider = useI18nProvider();
  // A new schema version replaces the resources in place: no rebuild, no reload.
  const live = useSyncExternalStore(onResourcesChange, consoleResources);
  const pages = useMemo(() => currentPages(live), [live]);
  const localized = useMemo(
    () => translatedResources(refineResources(live, pages), i18nProvider.translate),
    [i18nProvider, live, pages],
  );
  const routes = useMemo(() => consoleRoutes(live, pages), [live, pages]);
  // Right after a sign-in the resources of the live schema may still be on their way: a 404 must
  // not flash in their place (a warm start has them before the first render).
  const [settled, setSettled] = useState(liveSchemaSettled);
  useEffect(() => {
    let current = true;
    if (!settled) void liveSchemaReady().then(() => current && setSettled(true));
    return () => {
      current = false;
    };
  }, [settled]);
  useEffect(preloadMenuScreens, []);
  return (
    // Notices at the bottom: at the top they covered the header and the page's buttons.
    <AntdApp notification={{ placement: "bottomRight" }}>
      <Refine
        dataProvider={dataProvider}
        liveProvider={liveProvider}
        authProvider={authProvider}
        accessControlProvider={accessControlProvider}
        routerProvider={routerProvider}
        notificationProvider={useNotificationProvider}
        i18nProvider={i18nProvider}
        resources={localized}
        options={{
          syncWithLocation: true,
          warnWhenUnsavedChanges: true,
          disableTelemetry: true,
          liveMode: "auto",
          reactQuery: { clientConfig: queryClient },
          title: { text: "Opsdesk" },
          // Labels arrive translated (translatedResources); English rules must not pluralise
          // or singularise them ("Produkte" → "Produktes"). Screen titles: locales/*/titles.ts.
          textTransformers: KEEP_LABELS,
        }}
      >
        {settled ? <Routes>{routes}</Routes> : <Spin fullscreen />}
        <LeaveGuard />
      </Refine>
    </AntdApp>
  );
}
