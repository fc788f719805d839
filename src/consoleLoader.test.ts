// The console loader's choice of the first screen, and what the sign-in screens load with it:
// main.tsx (the sign-in route) imports consoleLoader.ts statically, so every module it imports
// statically is part of the sign-in route's JavaScript (e2e/comfort.spec.ts holds its budget).
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { screenOf } from "./consoleLoader";

describe("screenOf", () => {
  it.each([
    ["/", "dashboard"],
    ["/products", "list"],
    ["/products/", "list"],
    ["/products/42", "show"],
    ["/products/create", "form"],
    ["/products/42/edit", "form"],
  ])("%s opens the %s screen", (path, screen) => {
    expect(screenOf(path)).toBe(screen);
  });
});

/** The files of src/ a module imports at run time, statically (type-only and dynamic imports left out). */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings)
          ? clause.namedBindings.elements.every((e) => e.isTypeOnly)
          : false);
      if (!typeOnly) specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers
    .filter((s) => s.startsWith("."))
    .map((s) => path.resolve(path.dirname(file), s))
    .map((base) =>
      [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
        (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
      ),
    )
    .filter((found): found is string => found !== undefined);
}

describe("the sign-in route", () => {
  it("loads none of the resources' definitions (they come with the console's chunks)", () => {
    const seen = new Set<string>();
    const queue = [path.resolve("src/main.tsx")];
    for (let file = queue.shift(); file; file = queue.shift()) {
      for (const next of staticImports(file)) if (!seen.has(next)) queue.push(seen.add(next) && next);
    }
    const resources = [...seen].map((f) => path.relative("src", f)).filter((f) => f.startsWith("resources/"));
    // Only modules without definitions: rpc helpers, the resource-name condition.
    expect(resources.filter((f) => !["resources/rpc.ts", "resources/hasResources.ts"].includes(f))).toEqual([]);
  });
});
