// Wiring only: providers, resources and the route groups.
import { ThemedLayout, ThemedTitle } from "@refinedev/antd";
import { Authenticated, Refine } from "@refinedev/core";
import routerProvider, {
  CatchAllNavigate,
  DocumentTitleHandler,
  UnsavedChangesNotifier,
} from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider, Spin } from "antd";
import { lazy, Suspense } from "react";
import { BrowserRouter, Outlet, Route, Routes } from "react-router";
import { BackToTarget } from "./components/BackToTarget";
import { RESOURCE_ICONS } from "./components/resourceIcons";
import { NotFoundPage } from "./pages/ErrorPages";
import { ForgotPasswordPage } from "./pages/ForgotPasswordPage";
import { LoginPage } from "./pages/LoginPage";
import { UpdatePasswordPage } from "./pages/UpdatePasswordPage";
import { accessControlProvider, authProvider, dataProvider, queryClient } from "./providers";
import { i18nProvider } from "./providers/i18nProvider";
import { useNotificationProvider } from "./providers/notificationProvider";
import { menuResources, nestedResources } from "./resources";
import { refineResource, resourceRoutes } from "./views/routes";

const DashboardPage = lazy(() => import("./pages/dashboard/DashboardPage").then((m) => ({ default: m.DashboardPage })));
const OrderShowPage = lazy(() => import("./pages/orders/OrderShowPage").then((m) => ({ default: m.OrderShowPage })));

const resources = [
  { name: "dashboard", list: "/", meta: { label: "Dashboard", icon: RESOURCE_ICONS.dashboard } },
  ...menuResources.map((def) => refineResource(def, RESOURCE_ICONS[def.name])),
  ...nestedResources.map((def) => refineResource(def, undefined, true)),
];

const overrides = { orders: { show: OrderShowPage } };

const Title = ({ collapsed }: { collapsed: boolean }) => (
  <ThemedTitle collapsed={collapsed} text="Opsdesk" icon={RESOURCE_ICONS.dashboard} />
);

export function App() {
  return (
    <BrowserRouter>
      <ConfigProvider theme={{ token: { colorPrimary: "#1f5fbf" } }}>
        <AntdApp>
          <Refine
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            routerProvider={routerProvider}
            notificationProvider={useNotificationProvider}
            i18nProvider={i18nProvider}
            resources={resources}
            options={{
              syncWithLocation: true,
              warnWhenUnsavedChanges: true,
              disableTelemetry: true,
              reactQuery: { clientConfig: queryClient },
              title: { text: "Opsdesk" },
            }}
          >
            <Routes>
              <Route
                element={
                  <Authenticated key="console" fallback={<CatchAllNavigate to="/login" />}>
                    <ThemedLayout Title={Title}>
                      <Outlet />
                    </ThemedLayout>
                  </Authenticated>
                }
              >
                <Route
                  index
                  element={
                    <Suspense fallback={<Spin />}>
                      <DashboardPage />
                    </Suspense>
                  }
                />
                {menuResources.map((def) => resourceRoutes(def, overrides))}
                <Route path="*" element={<NotFoundPage />} />
              </Route>
              <Route
                element={
                  <Authenticated key="signed-out" fallback={<Outlet />}>
                    <BackToTarget />
                  </Authenticated>
                }
              >
                <Route path="/login" element={<LoginPage />} />
              </Route>
              <Route path="/forgot-password" element={<ForgotPasswordPage />} />
              <Route path="/update-password" element={<UpdatePasswordPage />} />
            </Routes>
            <UnsavedChangesNotifier />
            <DocumentTitleHandler />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
