// The console's layers import in one direction (docs/architecture.md, "Console layers"):
// each folder of src/ imports only the folders before it. Files directly in src/ (main.tsx,
// App.tsx, consoleLoader.ts) wire the layers together and may import any of them.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const LAYERS = [
  "resources",
  "schema",
  "lib",
  "adapters",
  "i18n",
  "providers",
  "components",
  "features",
  "shell",
  "pages",
] as const;

const SRC = resolve(import.meta.dirname);

const layerOf = (file: string): string | undefined => {
  const [first, ...rest] = relative(SRC, file).split(sep);
  return rest.length > 0 ? first : undefined;
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Each relative import (static, dynamic, re-export) of `source` that points to a later layer. */
function wrongWayImports(file: string, source: string): string[] {
  const from = LAYERS.indexOf(layerOf(file) as (typeof LAYERS)[number]);
  if (from < 0) return [];
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((specifier) => {
      if (!specifier.startsWith(".")) return false;
      const to = LAYERS.indexOf(layerOf(resolve(dirname(file), specifier, "x")) as (typeof LAYERS)[number]);
      return to > from;
    });
}

describe("console layers", () => {
  it("every src/ folder is a layer", () => {
    const folders = readdirSync(SRC, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.map((folder) => folder.name).sort()).toEqual([...LAYERS].sort());
  });

  it("no file imports a later layer", () => {
    const wrong = sourceFiles(SRC).flatMap((file) =>
      wrongWayImports(file, readFileSync(file, "utf8")).map((specifier) => `${relative(SRC, file)} → ${specifier}`),
    );
    expect(wrong).toEqual([]);
  });

  it("names a wrong-way import, static or dynamic", () => {
    const file = join(SRC, "components", "Example.tsx");
    const source =
      'import { a } from "../pages/A";\nimport { b } from "../lib/b";\nconst c = () => import("../features/C");';
    expect(wrongWayImports(file, source)).toEqual(["../pages/A", "../features/C"]);
  });
});
