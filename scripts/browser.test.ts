// npm test's browser provisioning (scripts/browser-lib.ts), each branch on a fake machine:
// nothing here installs anything.
import { describe, expect, it } from "vitest";
import { type BrowserProbe, NoBrowserError, npmChromiumCommands, provisionBrowser } from "./browser-lib";

/** A machine where Chromium starts once `installs` (a command line) has exited with 0. */
function machine(options: {
  present?: boolean;
  succeeds?: string[];
  installs?: string;
  isRoot?: boolean;
  isDebian?: boolean;
}) {
  const ran: string[] = [];
  let installed = options.present ?? false;
  const probe: BrowserProbe = {
    launches: async () => installed,
    run: async (command, args) => {
      const line = [command, ...args].join(" ");
      ran.push(line);
      const ok = (options.succeeds ?? []).includes(line);
      if (ok && line === options.installs) installed = true;
      return ok;
    },
    isRoot: options.isRoot ?? false,
    isDebian: options.isDebian ?? false,
    npmChromiumDir: "/cache/chromium-npm",
    log: () => {},
  };
  return { probe, ran };
}

const DOWNLOAD = "npx playwright install chromium";
const UPDATE = "apt-get update -qq";
const APT = "apt-get install -y -qq chromium";
const [NPM_INSTALL, NPM_UNPACK] = npmChromiumCommands("/cache/chromium-npm").map(([c, a]) => [c, ...a].join(" "));

describe("provisionBrowser", () => {
  it("installs nothing when a Chromium starts already", async () => {
    const { probe, ran } = machine({ present: true, isRoot: true, isDebian: true });
    expect(await provisionBrowser(probe)).toBe("present");
    expect(ran).toEqual([]);
  });

  it("uses Playwright's download when it works, before any system package", async () => {
    const { probe, ran } = machine({ succeeds: [DOWNLOAD], installs: DOWNLOAD, isRoot: true, isDebian: true });
    expect(await provisionBrowser(probe)).toBe("playwright-download");
    expect(ran).toEqual([DOWNLOAD]);
  });

  it("installs Debian's chromium with apt-get when the download fails and it runs as root on Debian", async () => {
    const { probe, ran } = machine({ succeeds: [UPDATE, APT], installs: APT, isRoot: true, isDebian: true });
    expect(await provisionBrowser(probe)).toBe("debian-package");
    expect(ran).toEqual([DOWNLOAD, UPDATE, APT]);
  });

  it("does not call apt-get when not root, and says to run it with sudo", async () => {
    const { probe, ran } = machine({ isRoot: false, isDebian: true });
    const error = await provisionBrowser(probe).catch((e: Error) => e);
    expect(error).toBeInstanceOf(NoBrowserError);
    expect((error as Error).message).toContain("sudo apt-get install chromium");
    expect((error as Error).message).toContain("npx playwright install --with-deps chromium");
    expect(ran).toEqual([DOWNLOAD, NPM_INSTALL]);
  });

  it("outside Debian says to use Playwright's download or the system's Chromium", async () => {
    const { probe, ran } = machine({ isRoot: true, isDebian: false });
    const error = await provisionBrowser(probe).catch((e: Error) => e);
    expect((error as Error).message).toContain("npx playwright install --with-deps chromium");
    expect((error as Error).message).not.toContain("apt-get");
    expect(ran).toEqual([DOWNLOAD, NPM_INSTALL]);
  });

  it("fails with the instructions when apt-get ran but Chromium still does not start", async () => {
    const { probe, ran } = machine({ succeeds: [UPDATE, APT], isRoot: true, isDebian: true });
    await expect(provisionBrowser(probe)).rejects.toThrow(/apt-get install chromium/);
    expect(ran).toEqual([DOWNLOAD, UPDATE, APT, NPM_INSTALL]);
  });

  it("installs and unpacks the npm package's Chromium when neither Playwright's nor Debian's can be had", async () => {
    const { probe, ran } = machine({ succeeds: [NPM_INSTALL, NPM_UNPACK], installs: NPM_UNPACK, isDebian: true });
    expect(await provisionBrowser(probe)).toBe("npm-package");
    expect(ran).toEqual([DOWNLOAD, NPM_INSTALL, NPM_UNPACK]);
    expect(NPM_INSTALL).toContain("--prefix /cache/chromium-npm");
    expect(NPM_INSTALL).toContain("@sparticuz/chromium@153.0.0");
  });

  it("after Debian's package failed as root, still tries the npm package", async () => {
    const { probe, ran } = machine({
      succeeds: [UPDATE, NPM_INSTALL, NPM_UNPACK],
      installs: NPM_UNPACK,
      isRoot: true,
      isDebian: true,
    });
    expect(await provisionBrowser(probe)).toBe("npm-package");
    expect(ran).toEqual([DOWNLOAD, UPDATE, APT, NPM_INSTALL, NPM_UNPACK]);
  });

  it("says how to install the npm package when its install fails", async () => {
    const { probe } = machine({ isDebian: false });
    await expect(provisionBrowser(probe)).rejects.toThrow(
      /npm install --prefix \/cache\/chromium-npm @sparticuz\/chromium@153\.0\.0/,
    );
  });
});
