// antd's static stylesheets: each variant holds the console's components in its theme, lists
// the styles it holds for antd to find, and leaves out what the console's transformers drop;
// index.html's loader picks the page's variant.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { STYLE_SHEETS_BY_VARIANT, staticStyles, VARIANTS, variantName } from "./antdStaticStyles";

/** The styles a sheet lists for antd (`path:hash;…`), by path without the theme's token key. */
function listedStyles(css: string): string[] {
  const list = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/.exec(css)?.[1] ?? "";
  return list.split(";").map((entry) => entry.split(":")[0].split("|").slice(1).join("|"));
}

// antd's Dropdown panel passes a deprecated `visible`; antd and React say so outside production.
const { error, warn } = console;
const quiet =
  (write: (...args: unknown[]) => void) =>
  (...args: unknown[]) => {
    if (!args.some((arg) => /visible/.test(String(arg)))) write.apply(console, args);
  };
beforeAll(() => {
  vi.spyOn(console, "error").mockImplementation(quiet(error));
  vi.spyOn(console, "warn").mockImplementation(quiet(warn));
});
afterAll(() => vi.restoreAllMocks());

describe("staticStyles", () => {
  let light = "";
  beforeAll(() => {
    light = staticStyles({ theme: "light", reducedMotion: false });
  });

  it("lists the styles of the components the console renders", () => {
    const listed = listedStyles(light);
    for (const style of [
      "Button-Button|ant-btn|anticon",
      "Table-Table|ant-table|anticon",
      "Select-Select|ant-select|anticon",
    ])
      expect(listed).toContain(style);
    expect(listed).toContain("ProLayoutPageHeader");
    expect(listed.length).toBeGreaterThan(60);
  });

  it("is the CSS antd would generate, without the box-sizing resets the console leaves out", () => {
    expect(light).toMatch(/:where\(\.css-[\w-]+\)\.ant-btn\{/);
    expect(light).not.toMatch(/ \[class[\^*]="ant-/);
  });

  it("differs by theme and motion", () => {
    const dark = staticStyles({ theme: "dark", reducedMotion: false });
    const still = staticStyles({ theme: "light", reducedMotion: true });
    // The containers' background: antd's light and dark surfaces.
    expect(light).toMatch(/background:#ffffff/);
    expect(dark).not.toMatch(/background:#ffffff/);
    expect(dark).toMatch(/background:#141414/);
    expect(light).toMatch(/transition:all 0\.2s/);
    expect(still).not.toMatch(/transition:all 0\.2s/);
  });

  it("names four variants", () => {
    expect(VARIANTS.map(variantName)).toEqual(["light-moving", "light-still", "dark-moving", "dark-still"]);
  });
});

describe("STYLE_SHEETS_BY_VARIANT", () => {
  /** Runs the loader as index.html does, in a page whose stored theme and motion setting are given. */
  function linkWritten(theme: string | null, reducedMotion: boolean, storageBlocked = false): string {
    const written: string[] = [];
    const page = {
      localStorage: {
        getItem: (key: string) => {
          if (storageBlocked) throw new Error("blocked");
          return key === "opsdesk.theme" ? theme : null;
        },
      },
      window: {
        matchMedia: (query: string) => ({ matches: reducedMotion && query === "(prefers-reduced-motion: reduce)" }),
      },
      document: { write: (html: string) => written.push(html) },
    };
    const files = Object.fromEntries(
      VARIANTS.map((variant) => [variantName(variant), `/assets/${variantName(variant)}.css`]),
    );
    new Function("localStorage", "window", "document", `${STYLE_SHEETS_BY_VARIANT}(${JSON.stringify(files)});`)(
      page.localStorage,
      page.window,
      page.document,
    );
    return written.join("");
  }

  it("writes the link to the stylesheet of the stored theme and the motion setting", () => {
    expect(linkWritten(null, false)).toBe('<link rel="stylesheet" href="/assets/light-moving.css">');
    expect(linkWritten("dark", false)).toBe('<link rel="stylesheet" href="/assets/dark-moving.css">');
    expect(linkWritten("dark", true)).toBe('<link rel="stylesheet" href="/assets/dark-still.css">');
    expect(linkWritten("light", true, true)).toBe('<link rel="stylesheet" href="/assets/light-still.css">');
  });
});
