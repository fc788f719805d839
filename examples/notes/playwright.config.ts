// Notes' suite: every test in its own world of ./supabase, the page served on a free port.
import net from "node:net";
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions, type KitOptions } from "opsdesk-stack/playwright";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// Chosen once in the runner; the workers inherit it.
process.env.NOTES_WEB_PORT ??= String(await freePort());
const baseURL = `http://127.0.0.1:${process.env.NOTES_WEB_PORT}`;

export default defineConfig<KitOptions>({
  testDir: "tests",
  fullyParallel: true,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  outputDir: "../../test-results/examples-notes",
  // The kit's reporter prints the run's fixture-setup and world waits (p50/p95/max) at the end.
  reporter: [[process.env.CI ? "line" : "list"], ["opsdesk-stack/playwright/reporter"]],
  use: {
    ...devices["Desktop Chrome"],
    baseURL,
    supabaseProject: "./supabase",
    launchOptions: chromiumLaunchOptions(),
    trace: { mode: "retain-on-failure", screenshots: false },
  },
  webServer: {
    command: `node web/serve.mjs ${process.env.NOTES_WEB_PORT}`,
    url: baseURL,
    reuseExistingServer: false,
    stdout: "ignore",
  },
});
