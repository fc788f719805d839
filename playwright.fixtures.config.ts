// E2E of the console generated from a project's live schema (docs/any-project.md): Playwright
// starts the local stack on one of the committed fixture projects with Opsdesk installed
// (e2e/any-project/serve-fixture.mjs) and a production build of the console pointed at it.
// FIXTURE=helpdesk (default) or FIXTURE=saas: `npx playwright test -c playwright.fixtures.config.ts`.
// FIXTURE=/abs/path/to/project tries any project's folder the same way (a copy; docs/any-project.md
// "Trying a project of your own"); E2E_FIXTURE_REUSE_BUILD=1 with a fixed E2E_FIXTURE_API_PORT
// serves the console built for that API address by an earlier run instead of building again.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "opsdesk-stack/playwright";
import { freePort } from "./stack/src/shared/net";

const fixture = process.env.FIXTURE ?? "helpdesk";
process.env.FIXTURE = fixture;
process.env.E2E_FIXTURE_API_PORT ??= String(await freePort());
process.env.E2E_FIXTURE_DB_PORT ??= String(await freePort());
process.env.E2E_FIXTURE_WEB_PORT ??= String(await freePort());
const apiUrl = `http://127.0.0.1:${process.env.E2E_FIXTURE_API_PORT}`;
const webUrl = `http://127.0.0.1:${process.env.E2E_FIXTURE_WEB_PORT}`;
process.env.E2E_API_URL = apiUrl;
const name = path.isAbsolute(fixture) ? "dir" : fixture;
const buildDir = `dist/e2e-fixture-${name}`;
// The build records the API address it was made for; only a build for this one is served again.
const marker = path.join(buildDir, "api-url.txt");
const reuse =
  process.env.E2E_FIXTURE_REUSE_BUILD === "1" && existsSync(marker) && readFileSync(marker, "utf8") === apiUrl;
const build = `npx vite build --outDir ${buildDir} --emptyOutDir --logLevel warn && node -e "require('fs').writeFileSync('${marker}', process.argv[1])" ${apiUrl} && `;

export default defineConfig({
  testDir: "e2e/any-project",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  outputDir: `test-results/fixture-${name}`,
  reporter: process.env.CI ? "line" : [["list"]],
  use: {
    baseURL: webUrl,
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    reducedMotion: "reduce",
    // A step that cannot happen fails within seconds, naming its table, instead of the whole run's time.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: chromiumLaunchOptions(),
    ...devices["Desktop Chrome"],
  },
  webServer: [
    {
      command: `node e2e/any-project/serve-fixture.mjs ${fixture} ${process.env.E2E_FIXTURE_API_PORT} ${process.env.E2E_FIXTURE_DB_PORT}`,
      url: `${apiUrl}/auth/v1/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      command: `${reuse ? "" : build}npx vite preview --outDir ${buildDir} --port ${process.env.E2E_FIXTURE_WEB_PORT} --strictPort`,
      url: webUrl,
      env: { VITE_SUPABASE_URL: apiUrl },
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
