// `npm run test:browser` (run by `npm test` before its Playwright suites): makes sure a
// Chromium Playwright can start is there, installing one if it can (scripts/browser-lib.ts).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions, npmChromiumDir } from "opsdesk-stack/playwright";
import { NoBrowserError, provisionBrowser } from "./browser-lib";

const LAUNCH_TIMEOUT_MS = 60_000;

const source = await provisionBrowser({
  async launches() {
    try {
      const browser = await chromium.launch({ ...chromiumLaunchOptions(), timeout: LAUNCH_TIMEOUT_MS });
      await browser.close();
      return true;
    } catch {
      return false;
    }
  },
  run: (command, args) =>
    new Promise((resolve) => {
      const child = spawn(command, args, {
        stdio: "inherit",
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
      child.on("error", () => resolve(false));
      child.on("close", (code) => resolve(code === 0));
    }),
  isRoot: process.getuid?.() === 0,
  isDebian: existsSync("/etc/debian_version"),
  npmChromiumDir: npmChromiumDir(),
  log: (line) => console.log(line),
}).catch((err: unknown) => {
  if (!(err instanceof NoBrowserError)) throw err;
  console.error(err.message);
  process.exit(1);
});
if (source !== "present") console.log(`Chromium ready (${source}).`);
