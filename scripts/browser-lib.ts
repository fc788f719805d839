// How `npm test` gets the Chromium its Playwright suites need (docs/qa.md, "Browser"), so a
// bare machine needs no browser step of its own: one that starts already, else Playwright's
// download, else Debian's `chromium` package when root on Debian, else the Chromium build an
// npm package ships (@sparticuz/chromium, from the npm registry, which every machine here
// reaches), else the exact command to run. The machine is reached only through the probe, so
// each branch is testable.

export interface BrowserProbe {
  /** Whether Playwright can start a Chromium right now (with the project's launch options). */
  launches(): Promise<boolean>;
  /** Runs a command, its output shown; resolves to whether it exited with 0. */
  run(command: string, args: string[]): Promise<boolean>;
  isRoot: boolean;
  isDebian: boolean;
  /** Where the npm package's Chromium is installed and unpacked (`npmChromiumDir()` of the kit). */
  npmChromiumDir: string;
  log(line: string): void;
}

/** Where the Chromium came from. */
export type BrowserSource = "present" | "playwright-download" | "debian-package" | "npm-package";

export class NoBrowserError extends Error {
  override name = "NoBrowserError";
}

export const PLAYWRIGHT_INSTALL = ["npx", "playwright", "install", "chromium"] as const;
export const APT_UPDATE = ["apt-get", "update", "-qq"] as const;
export const APT_INSTALL = ["apt-get", "install", "-y", "-qq", "chromium"] as const;
/** A maintained package shipping a Chromium build (headless shell, x64 Linux), pinned. */
export const NPM_CHROMIUM = "@sparticuz/chromium@153.0.0";

/** Installs the npm package into `dir`, then unpacks its Chromium there (`dir`/chromium, fonts). */
export function npmChromiumCommands(dir: string): [string, string[]][] {
  return [
    ["npm", ["install", "--prefix", dir, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", NPM_CHROMIUM]],
    [
      "node",
      [
        "--input-type=module",
        "-e",
        // The package unpacks into os.tmpdir(): pointed at `dir`, its Chromium stays there.
        `process.env.TMPDIR = ${JSON.stringify(dir)}; const { default: c } = await import(${JSON.stringify(`${dir}/node_modules/@sparticuz/chromium/build/index.js`)}); await c.executablePath();`,
      ],
    ],
  ];
}

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
  lines.push(
    `  npm install --prefix ${probe.npmChromiumDir} ${NPM_CHROMIUM}   # a Chromium build from npm (x64 Linux)`,
  );
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
  probe.log(`No system Chromium: installing the one ${NPM_CHROMIUM} ships (into ${probe.npmChromiumDir}).`);
  let installed = true;
  for (const [command, args] of npmChromiumCommands(probe.npmChromiumDir)) {
    if (!(await probe.run(command, args))) {
      installed = false;
      break;
    }
  }
  if (installed && (await probe.launches())) return "npm-package";
  throw new NoBrowserError(howToInstall(probe));
}
