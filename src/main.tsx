// antd 5 renders with React 19 only through this patch (static methods, waves); it warns otherwise.
import "@ant-design/v5-patch-for-react-19";
import "antd/dist/reset.css";
import "./components/theme/a11y.css";
import { Spin } from "antd";
import { type ReactElement, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Route, Routes } from "react-router";
import { ConsoleLinkProvider } from "./components/ConsoleLink";
import { ChunkBoundary } from "./components/errors/ChunkBoundary";
import { PreferencesProvider } from "./components/theme/PreferencesProvider";
import { Console, preloadConsole, warmUpConsole } from "./consoleLoader";
import { languageReady } from "./i18n/i18nProvider";
import { ForgotPasswordPage } from "./pages/auth/ForgotPasswordPage";
import { LoginPage } from "./pages/auth/LoginPage";
import { UpdatePasswordPage } from "./pages/auth/UpdatePasswordPage";
import { authBackend } from "./providers/authBackend";
import { installHistoryGate } from "./shell/historyGate";

// The sign-in screens are a small app of their own (supabase-js auth and antd form pieces);
// the Refine console is fetched only for the other routes, or while a sign-in is submitted.

const AUTH_SCREENS: Record<string, ReactElement> = {
  "/login": <LoginPage />,
  "/forgot-password": <ForgotPasswordPage />,
  "/update-password": <UpdatePasswordPage />,
};
// A console address renders once the console and its first screen have loaded (index.html
// shows a spinner until then): a lazy chunk rendered before it arrives shows a spinner, and
// React holds back what replaces a spinner for 300 ms.
const consoleLoaded =
  window.location.pathname in AUTH_SCREENS
    ? undefined
    : preloadConsole(`${window.location.pathname}${window.location.search}`);
if (consoleLoaded) warmUpConsole();

authBackend.start();
// Before the router's own listener: leaving a form with changes by Back asks first.
installHistoryGate();
const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
// A screen that fails shows the error panel (ChunkBoundary); the console keeps the error and
// where in the screen it happened, for whoever looks into it.
const onCaughtError = (error: unknown, info: { componentStack?: string }) =>
  console.error("A screen failed to render:", error, info.componentStack ?? "");
// The chosen language's pack first: a German browser paints German from the start.
void Promise.all([languageReady(), consoleLoaded]).then(() =>
  createRoot(root, { onCaughtError }).render(
    <StrictMode>
      <PreferencesProvider>
        <BrowserRouter>
          <ConsoleLinkProvider>
            <Routes>
              {Object.entries(AUTH_SCREENS).map(([path, element]) => (
                <Route key={path} path={path} element={element} />
              ))}
              <Route
                path="*"
                element={
                  <ChunkBoundary loading={<Spin fullscreen />}>
                    <Console />
                  </ChunkBoundary>
                }
              />
            </Routes>
          </ConsoleLinkProvider>
        </BrowserRouter>
      </PreferencesProvider>
    </StrictMode>,
  ),
);
