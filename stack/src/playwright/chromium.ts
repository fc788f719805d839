// How a suite on the kit starts Chromium (docs/qa.md "Browser"; Opsdesk's e2e suite,
// examples/notes, bench/console): Debian's Chromium where it exists (Playwright's own
// download is not reachable everywhere), else the Chromium build an npm package ships once
// `npm test` has unpacked it (scripts/browser-lib.ts), each with the flags that work on
// these machines; Playwright's browser elsewhere.
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LaunchOptions } from "@playwright/test";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Where `npm test` installs and unpacks the npm package's Chromium (per user, outside any checkout). */
export function npmChromiumDir(): string {
  return path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "opsdesk", "chromium-npm");
}

/** The options for the machine as it is now (scripts/browser.ts asks again after installing one): `use: { launchOptions: chromiumLaunchOptions() }`. */
export function chromiumLaunchOptions(): LaunchOptions {
  if (existsSync(DEBIAN_CHROMIUM)) return { executablePath: DEBIAN_CHROMIUM, args: FLAGS };
  const npmDir = npmChromiumDir();
  const npmChromium = path.join(npmDir, "chromium");
  if (existsSync(npmChromium)) {
    // The package ships its fonts beside the browser; a bare machine may have none of its own.
    const fonts = path.join(npmDir, "fonts");
    return {
      executablePath: npmChromium,
      args: FLAGS,
      ...(existsSync(fonts) && !process.env.FONTCONFIG_PATH ? { env: { ...process.env, FONTCONFIG_PATH: fonts } } : {}),
    };
  }
  return {};
}
