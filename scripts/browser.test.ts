// npm test's browser provisioning (scripts/browser-lib.ts), each branch on a fake machine:
// nothing here installs anything.
import { describe, expect, it } from "vitest";
import { type BrowserProbe, NoBrowserError, provisionBrowser } from "./browser-lib";

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
    log: () => {},
  };
  return { probe, ran };
}

const DOWNLOAD = "npx playwright install chromium";
const UPDATE = "apt-get update -qq";
const APT = "apt-get install -y -qq chromium";

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
    expect(ran).toEqual([DOWNLOAD]);
  });

  it("outside Debian says to use Playwright's download or the system's Chromium", async () => {
    const { probe, ran } = machine({ isRoot: true, isDebian: false });
    const error = await provisionBrowser(probe).catch((e: Error) => e);
    expect((error as Error).message).toContain("npx playwright install --with-deps chromium");
    expect((error as Error).message).not.toContain("apt-get");
    expect(ran).toEqual([DOWNLOAD]);
  });

  it("fails with the instructions when apt-get ran but Chromium still does not start", async () => {
    const { probe, ran } = machine({ succeeds: [UPDATE, APT], isRoot: true, isDebian: true });
    await expect(provisionBrowser(probe)).rejects.toThrow(/apt-get install chromium/);
    expect(ran).toEqual([DOWNLOAD, UPDATE, APT]);
  });
});
