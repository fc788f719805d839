// The console's layers import in one direction (docs/architecture.md, "Console layers"):
// each folder of src/ imports only the folders before it. Files directly in src/ (main.tsx,
// App.tsx, overrides.tsx, consoleLoader.ts) wire the layers together and may import any of them.
// Inside features/, one folder per feature, each opening with a README.md that says what lives
// there, and the features import each other without a cycle (so each has one home).
import { existsSync, readdirSync, readFileSync } from "node:fs";
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

const FEATURES = join(SRC, "features");

/** The feature folder of `file` (features/<name>/…), if any. */
const featureOf = (file: string): string | undefined => {
  const [first, name, ...rest] = relative(SRC, file).split(sep);
  return first === "features" && rest.length > 0 ? name : undefined;
};

/** Each feature's imports of other features: feature → imported feature → the importing files. */
function featureImports(files: { file: string; source: string }[]): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const { file, source } of files) {
    const from = featureOf(file);
    if (!from) continue;
    for (const { fileName } of ts.preProcessFile(source, true, true).importedFiles) {
      if (!fileName.startsWith(".")) continue;
      const to = featureOf(resolve(dirname(file), fileName));
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      edges.set(to, [...(edges.get(to) ?? []), relative(SRC, file)]);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Each source file's imports of other source files (a folder's import is its index.ts). */
function fileImports(files: { file: string; source: string }[]): Map<string, Map<string, string[]>> {
  const known = new Set(files.map(({ file }) => file));
  const target = (path: string) =>
    [path, `${path}.ts`, `${path}.tsx`, join(path, "index.ts"), join(path, "index.tsx")].find((p) => known.has(p));
  const graph = new Map<string, Map<string, string[]>>();
  for (const { file, source } of files) {
    const edges = new Map<string, string[]>();
    for (const { fileName } of ts.preProcessFile(source, true, true).importedFiles) {
      const to = fileName.startsWith(".") ? target(resolve(dirname(file), fileName)) : undefined;
      if (to) edges.set(relative(SRC, to), [relative(SRC, file)]);
    }
    graph.set(relative(SRC, file), edges);
  }
  return graph;
}

/** The first cycle of `graph`, as "a → b → a" with the files that close it, or undefined. */
function firstCycle(graph: Map<string, Map<string, string[]>>): string | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (feature: string): string | undefined => {
    const at = path.indexOf(feature);
    if (at >= 0) {
      const loop = [...path.slice(at), feature];
      const files = loop.slice(1).map((to, i) => graph.get(loop[i])?.get(to)?.[0]);
      return `${loop.join(" → ")} (${files.join(", ")})`;
    }
    if (done.has(feature)) return undefined;
    path.push(feature);
    for (const next of graph.get(feature)?.keys() ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    done.add(feature);
    return undefined;
  };
  for (const feature of graph.keys()) {
    const found = visit(feature);
    if (found) return found;
  }
  return undefined;
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

  it("every feature folder says what lives there (README.md)", () => {
    const features = readdirSync(FEATURES, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const without = features.filter((feature) => !existsSync(join(FEATURES, feature.name, "README.md")));
    expect(without.map((feature) => feature.name)).toEqual([]);
  });

  it("no two features import each other, directly or through others", () => {
    const files = sourceFiles(FEATURES).map((file) => ({ file, source: readFileSync(file, "utf8") }));
    expect(firstCycle(featureImports(files))).toBeUndefined();
  });

  it("names a cycle between features and the files that close it", () => {
    const at = (path: string) => join(FEATURES, ...path.split("/"));
    const files = [
      { file: at("list/A.tsx"), source: 'import { b } from "../bulk/B";' },
      { file: at("bulk/B.tsx"), source: 'import { c } from "../csv/C";\nimport { u } from "../undo/U";' },
      { file: at("csv/C.tsx"), source: 'import { a } from "../list/A";' },
    ];
    expect(firstCycle(featureImports(files))).toBe(
      "list → bulk → csv → list (features/list/A.tsx, features/bulk/B.tsx, features/csv/C.tsx)",
    );
    expect(firstCycle(featureImports(files.slice(0, 2)))).toBeUndefined();
  });

  it("no two files import each other, directly or through others (a folder's import included)", () => {
    const files = sourceFiles(SRC).map((file) => ({ file, source: readFileSync(file, "utf8") }));
    expect(firstCycle(fileImports(files))).toBeUndefined();
  });

  it("names a cycle through a folder's index", () => {
    const files = [
      { file: join(SRC, "i18n", "index.ts"), source: 'const de = () => import("./packs/de");' },
      { file: join(SRC, "i18n", "packs", "de.ts"), source: 'import { collect } from "..";' },
    ];
    expect(firstCycle(fileImports(files))).toBe(
      "i18n/index.ts → i18n/packs/de.ts → i18n/index.ts (i18n/index.ts, i18n/packs/de.ts)",
    );
  });
});
