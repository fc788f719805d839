// antd 5 renders with React 19 only through this patch (static methods, waves); it warns otherwise.
import "@ant-design/v5-patch-for-react-19";
import "antd/dist/reset.css";
import "./layout.css";
import "./components/theme/a11y.css";
import { Spin } from "antd";
import { lazy, type ReactElement, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Route, Routes } from "react-router";
import { PreferencesProvider } from "./components/theme/PreferencesProvider";
import { loadConsole, preloadConsole } from "./consoleLoader";
import { ForgotPasswordPage } from "./pages/ForgotPasswordPage";
import { LoginPage } from "./pages/LoginPage";
import { UpdatePasswordPage } from "./pages/UpdatePasswordPage";

// The sign-in screens are a small app of their own (supabase-js auth and antd form pieces);
// the Refine console is fetched only for the other routes, or while a sign-in is submitted.
const Console = lazy(() => loadConsole().then((m) => ({ default: m.App })));

const AUTH_SCREENS: Record<string, ReactElement> = {
  "/login": <LoginPage />,
  "/forgot-password": <ForgotPasswordPage />,
  "/update-password": <UpdatePasswordPage />,
};
if (!(window.location.pathname in AUTH_SCREENS)) preloadConsole(window.location.pathname);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <PreferencesProvider>
      <BrowserRouter>
        <Routes>
          {Object.entries(AUTH_SCREENS).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
          <Route
            path="*"
            element={
              <Suspense fallback={<Spin fullscreen />}>
                <Console />
              </Suspense>
            }
          />
        </Routes>
      </BrowserRouter>
    </PreferencesProvider>
  </StrictMode>,
);
