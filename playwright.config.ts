// E2E against the real local stack: Playwright starts a stack on a fresh data dir and a
// production build of the console pointed at it, each on free ports of their own.
import { defineConfig, devices } from "@playwright/test";
import { launchOptions } from "./e2e/chromium";
import { freePort } from "./stack/src/shared/net";

// Chosen once in the runner; workers inherit the environment and so agree on the ports.
process.env.E2E_API_PORT ??= String(await freePort());
process.env.E2E_DB_PORT ??= String(await freePort());
process.env.E2E_WEB_PORT ??= String(await freePort());
const apiUrl = `http://127.0.0.1:${process.env.E2E_API_PORT}`;
const webUrl = `http://127.0.0.1:${process.env.E2E_WEB_PORT}`;
process.env.E2E_API_URL = apiUrl;
// Separate output and build folders per run name, so several runs can share one checkout.
const run = process.env.E2E_RUN ?? "default";
process.env.E2E_OUTPUT_DIR ??= run === "default" ? "test-results" : `test-results/${run}`;
const buildDir = `dist/e2e-${run}`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 90_000,
  // The machine is shared and small: allow for a slow first render.
  expect: { timeout: 15_000 },
  outputDir: process.env.E2E_OUTPUT_DIR,
  reporter: process.env.CI ? "line" : [["list"]],
  use: {
    baseURL: webUrl,
    // A failed test keeps its trace (actions, DOM snapshots, network) and a screenshot. The
    // trace's screencast is off: encoding a frame for every paint of every test took 40 % of
    // the suite's CPU (Chromium's GPU and browser processes), on a 2-core CI machine.
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    // The console honours prefers-reduced-motion (antd's transitions off), which spares each
    // step its animation; the walk keeps full motion to catch what races an animation.
    reducedMotion: "reduce",
    launchOptions,
  },
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts/, use: { ...devices["Desktop Chrome"], launchOptions } },
    {
      name: "console",
      dependencies: ["setup"],
      // e2e/any-project runs against a fixture project (playwright.fixtures.config.ts).
      testIgnore: [/auth\.setup\.ts/, /matrix-live\.spec\.ts/, /any-project\//],
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
    // Specs that change the demo roles' permission rows run alone, after every other spec
    // (alone: `npx playwright test e2e/matrix-live.spec.ts --no-deps`; they sign in themselves).
    {
      name: "matrix",
      dependencies: ["console"],
      testMatch: /matrix-live\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
  ],
  webServer: [
    {
      command: `node e2e/serve-stack.mjs ${process.env.E2E_API_PORT} ${process.env.E2E_DB_PORT}`,
      url: `${apiUrl}/auth/v1/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: `npx vite build --outDir ${buildDir} --emptyOutDir --logLevel warn && npx vite preview --outDir ${buildDir} --port ${process.env.E2E_WEB_PORT} --strictPort`,
      url: webUrl,
      env: { VITE_SUPABASE_URL: apiUrl },
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
