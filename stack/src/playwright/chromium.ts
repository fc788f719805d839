// How a suite on the kit starts Chromium (docs/qa.md "Browser"; Opsdesk's e2e suite,
// examples/notes, bench/console): Debian's Chromium where it exists (Playwright's own
// download is not reachable everywhere), with the flags that work on these machines;
// Playwright's browser elsewhere.
import { existsSync } from "node:fs";
import type { LaunchOptions } from "@playwright/test";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** The options for the machine as it is now (scripts/browser.ts asks again after installing one): `use: { launchOptions: chromiumLaunchOptions() }`. */
export function chromiumLaunchOptions(): LaunchOptions {
  return existsSync(DEBIAN_CHROMIUM)
    ? {
        executablePath: DEBIAN_CHROMIUM,
        args: [
          "--no-sandbox",
          "--disable-gpu",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
          "--no-first-run",
        ],
      }
    : {};
}
