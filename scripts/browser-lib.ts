// How `npm test` gets the Chromium its Playwright suites need (docs/qa.md, "Browser"), so a
// bare machine needs no browser step of its own: one that starts already, else Playwright's
// download, else Debian's `chromium` package when root on Debian, else the exact command to
// run. The machine is reached only through the probe, so each branch is testable.

export interface BrowserProbe {
  /** Whether Playwright can start a Chromium right now (with the project's launch options). */
  launches(): Promise<boolean>;
  /** Runs a command, its output shown; resolves to whether it exited with 0. */
  run(command: string, args: string[]): Promise<boolean>;
  isRoot: boolean;
  isDebian: boolean;
  log(line: string): void;
}

/** Where the Chromium came from. */
export type BrowserSource = "present" | "playwright-download" | "debian-package";

export class NoBrowserError extends Error {
  override name = "NoBrowserError";
}

export const PLAYWRIGHT_INSTALL = ["npx", "playwright", "install", "chromium"] as const;
export const APT_UPDATE = ["apt-get", "update", "-qq"] as const;
export const APT_INSTALL = ["apt-get", "install", "-y", "-qq", "chromium"] as const;

function howToInstall(probe: BrowserProbe): string {
  const lines = ["No Chromium that Playwright can start, and none could be installed. Run one of:"];
  lines.push("  npx playwright install --with-deps chromium   # Playwright's own (needs its download site)");
  if (probe.isDebian) {
    lines.push(
      `  ${probe.isRoot ? "" : "sudo "}apt-get install chromium                  # Debian's, at /usr/bin/chromium (Playwright uses it)`,
    );
  } else {
    lines.push("  or install Chromium at /usr/bin/chromium with your system's package manager");
  }
  lines.push("then run npm test again.");
  return lines.join("\n");
}

export async function provisionBrowser(probe: BrowserProbe): Promise<BrowserSource> {
  if (await probe.launches()) return "present";
  probe.log(`No Chromium that Playwright can start: trying Playwright's download (${PLAYWRIGHT_INSTALL.join(" ")}).`);
  const [npx, ...installArgs] = PLAYWRIGHT_INSTALL;
  if ((await probe.run(npx, installArgs)) && (await probe.launches())) return "playwright-download";
  if (probe.isRoot && probe.isDebian) {
    probe.log(`Playwright's download failed: installing Debian's chromium (${APT_INSTALL.join(" ")}).`);
    const [apt, ...updateArgs] = APT_UPDATE;
    const [, ...aptInstallArgs] = APT_INSTALL;
    if ((await probe.run(apt, updateArgs)) && (await probe.run(apt, aptInstallArgs)) && (await probe.launches())) {
      return "debian-package";
    }
  }
  throw new NoBrowserError(howToInstall(probe));
}
