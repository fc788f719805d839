// Wiring only: providers, resources and the console's routes (the sign-in screens are in main.tsx).
import { Authenticated, Refine } from "@refinedev/core";
import routerProvider, { CatchAllNavigate } from "@refinedev/react-router";
import { App as AntdApp, Spin } from "antd";
import { useEffect, useMemo } from "react";
import { createRoutesFromElements, matchRoutes, Route, Routes } from "react-router";
import { ScreenWaiting } from "./components/connection/ScreenWaiting";
import { ChunkBoundary } from "./components/errors/ChunkBoundary";
import { NotFoundPage } from "./components/errors/ErrorPages";
import { lazyChunk, preloadChunksIn } from "./components/errors/lazyChunk";
import { GuardedScreen } from "./components/GuardedScreen";
import { RESOURCE_ICONS } from "./components/resourceIcons";
import { LeaveGuard } from "./components/shell/LeaveGuard";
import { useI18nProvider } from "./components/theme/PreferencesProvider";
import { translatedResources } from "./i18n/resourceLabels";
import { consoleProviders, queryClient } from "./providers";
import { useNotificationProvider } from "./providers/notificationProvider";
import { menuResources, nestedResources } from "./resources";
import { refineResource, resourceRoutes } from "./views/routes";
import { watchKeyedSaves } from "./views/saving/keyedSaves";

// The console chunk has loaded: its providers start, and access changes reach the screens at once.
const { accessControlProvider, authProvider, dataProvider, liveProvider } = consoleProviders();
// Form saves that outlive their form (sent again until the server answers) end in their drafts.
watchKeyedSaves(queryClient);

// The signed-in console (layout, header, palette) loads after the auth check, not on /login.
const ConsoleShell = lazyChunk(() => import("./components/shell/ConsoleShell").then((m) => m.default));
const DashboardPage = lazyChunk(() => import("./pages/dashboard/DashboardPage").then((m) => m.DashboardPage));
const OrderShowPage = lazyChunk(() => import("./pages/orders/OrderShowPage").then((m) => m.OrderShowPage));
const AuditPage = lazyChunk(() => import("./pages/audit/AuditPage").then((m) => m.AuditPage));
const StaffPage = lazyChunk(() => import("./pages/staff/StaffPage").then((m) => m.StaffPage));
const PermissionsPage = lazyChunk(() => import("./pages/permissions/PermissionsPage").then((m) => m.PermissionsPage));
const ProductShowPage = lazyChunk(() => import("./pages/products/ProductShowPage").then((m) => m.ProductShowPage));
const CustomerCreatePage = lazyChunk(() =>
  import("./pages/customers/CustomerCreatePage").then((m) => m.CustomerCreatePage),
);
const DuplicatesPage = lazyChunk(() => import("./pages/customers/DuplicatesPage").then((m) => m.DuplicatesPage));
const ProfilePage = lazyChunk(() => import("./pages/profile/ProfilePage").then((m) => m.ProfilePage));

const resources = [
  { name: "dashboard", list: "/", meta: { label: "Dashboard", icon: RESOURCE_ICONS.dashboard } },
  ...menuResources.map((def) => refineResource(def, RESOURCE_ICONS[def.name])),
  ...nestedResources.map((def) => refineResource(def, undefined, true)),
  {
    name: "customer_duplicates",
    list: "/customers/duplicates",
    meta: { label: "Possible duplicates", icon: RESOURCE_ICONS.customer_duplicates },
  },
  { name: "permissions", list: "/permissions", meta: { label: "Permissions", icon: RESOURCE_ICONS.permissions } },
  { name: "profile", list: "/profile", meta: { label: "Profile", icon: RESOURCE_ICONS.profile } },
];

const overrides = {
  orders: { show: OrderShowPage },
  products: { show: ProductShowPage },
  customers: { create: CustomerCreatePage },
  staff: { list: StaffPage },
  audit_log: { list: AuditPage },
};

/** The console's routes: a layout route (the signed-in shell) holding every screen. */
const consoleRoutes = (
  <Route
    element={
      <Authenticated key="console" fallback={<CatchAllNavigate to="/login" />} loading={<ScreenWaiting />}>
        <ChunkBoundary loading={<Spin fullscreen />}>
          <ConsoleShell />
        </ChunkBoundary>
      </Authenticated>
    }
  >
    <Route
      index
      element={
        <ChunkBoundary>
          <DashboardPage />
        </ChunkBoundary>
      }
    />
    <Route
      path="/customers/duplicates"
      element={
        <GuardedScreen resource="customer_duplicates">
          <DuplicatesPage />
        </GuardedScreen>
      }
    />
    {menuResources.map((def) => resourceRoutes(def, overrides))}
    <Route
      path="/permissions"
      element={
        <GuardedScreen resource="permissions">
          <PermissionsPage />
        </GuardedScreen>
      }
    />
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

/**
 * Loads the chunks the console's first screen at `pathname` renders (the shell and the
 * screen), so that the first render shows it at once (components/errors/lazyChunk.tsx).
 */
export function preloadScreen(pathname: string): Promise<void> {
  const matches = matchRoutes(createRoutesFromElements(consoleRoutes), pathname) ?? [];
  return preloadChunksIn(matches.map((match) => match.route.element));
}

/** Every screen the menu opens (the dashboard, each list, the pages of their own). */
const MENU_PATHS = resources.flatMap((resource) => (typeof resource.list === "string" ? [resource.list] : []));

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
  const next = (index: number) => {
    if (stopped || index >= MENU_PATHS.length) return;
    cancel = whenIdle(() => {
      void preloadScreen(MENU_PATHS[index]).then(() => next(index + 1));
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
  const localized = useMemo(() => translatedResources(resources, i18nProvider.translate), [i18nProvider]);
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
        <Routes>{consoleRoutes}</Routes>
        <LeaveGuard />
      </Refine>
    </AntdApp>
  );
}
