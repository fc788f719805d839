// E2E of the console on the QA kit (docs/testing.md, docs/qa.md): every test gets a world of
// its own — the demo project (./supabase) migrated, seeded and cloned — from the kit's world
// host, so tests run in parallel and in any order. One production build of the console is
// served on a free port; it is built against SUPABASE_URL, an address nothing answers, and
// the kit routes each test's browser requests to that address to the test's world.
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions, type KitOptions } from "opsdesk-stack/playwright";
import { freePort } from "./stack/src/shared/net";

/**
 * The Supabase URL the console is built with. `.test` never resolves (RFC 2606), so a
 * request the kit did not route fails at once instead of reaching some stack on the machine.
 */
const SUPABASE_URL = "http://supabase.opsdesk.test";
process.env.E2E_SUPABASE_URL = SUPABASE_URL;

// Chosen once in the runner; workers inherit the environment and so agree on the port.
process.env.E2E_WEB_PORT ??= String(await freePort());
const webUrl = `http://127.0.0.1:${process.env.E2E_WEB_PORT}`;
// Separate output and build folders per run name, so several runs can share one checkout.
const run = process.env.E2E_RUN ?? "default";
process.env.E2E_OUTPUT_DIR ??= run === "default" ? "test-results" : `test-results/${run}`;
const buildDir = `dist/e2e-${run}`;

export default defineConfig<KitOptions>({
  testDir: "e2e",
  // e2e/any-project runs against fixture projects (playwright.fixtures.config.ts).
  testIgnore: [/any-project\//],
  // Each test has its own world: any order, any worker.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 90_000,
  // The machine is shared and small: allow for a slow first render.
  expect: { timeout: 15_000 },
  outputDir: process.env.E2E_OUTPUT_DIR,
  // The kit's reporter prints the run's fixture-setup and world waits (p50/p95/max) at the end.
  reporter: [[process.env.CI ? "line" : "list"], ["opsdesk-stack/playwright/reporter"]],
  use: {
    ...devices["Desktop Chrome"],
    baseURL: webUrl,
    supabaseProject: "./supabase",
    supabaseUrl: SUPABASE_URL,
    // A failed test keeps its trace (actions, DOM snapshots, network) and a screenshot. The
    // trace's screencast is off: encoding a frame for every paint of every test took 40 % of
    // the suite's CPU (Chromium's GPU and browser processes), on a 2-core CI machine.
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    // The console honours prefers-reduced-motion (antd's transitions off), which spares each
    // step its animation; the walk keeps full motion to catch what races an animation.
    reducedMotion: "reduce",
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: "console" }],
  webServer: [
    {
      command: `npx vite build --outDir ${buildDir} --emptyOutDir --logLevel warn && npx vite preview --outDir ${buildDir} --port ${process.env.E2E_WEB_PORT} --strictPort`,
      url: webUrl,
      env: { VITE_SUPABASE_URL: SUPABASE_URL },
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
