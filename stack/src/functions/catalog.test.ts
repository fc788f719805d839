// Which import map a function is served with, in the Supabase CLI's order: config.toml's
// `import_map`, the function's deno.json / deno.jsonc / import_map.json, then the shared
// supabase/functions/import_map.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config/index.js";
import { findFunction } from "./catalog.js";

function project(config = ""): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "opsdesk-functions-"));
  mkdirSync(path.join(root, "supabase", "functions", "embed"), { recursive: true });
  writeFileSync(path.join(root, "supabase", "config.toml"), config);
  writeFileSync(path.join(root, "supabase", "functions", "embed", "index.ts"), "Deno.serve(() => new Response());\n");
  return root;
}

describe("a function's import map", () => {
  it("falls back to supabase/functions/import_map.json, after the function's own files", () => {
    const root = project();
    const functions = path.join(root, "supabase", "functions");
    const spec = () => findFunction(loadConfig(root), "embed")?.config;
    expect(spec()).toBeUndefined();
    writeFileSync(path.join(functions, "import_map.json"), "{}");
    expect(spec()).toBe(path.join(functions, "import_map.json"));
    writeFileSync(path.join(functions, "embed", "import_map.json"), "{}");
    expect(spec()).toBe(path.join(functions, "embed", "import_map.json"));
    writeFileSync(path.join(functions, "embed", "deno.json"), "{}");
    expect(spec()).toBe(path.join(functions, "embed", "deno.json"));
    rmSync(root, { recursive: true });
  });

  it("takes config.toml's import_map first", () => {
    const root = project('[functions.embed]\nimport_map = "./functions/custom.json"\n');
    writeFileSync(path.join(root, "supabase", "functions", "import_map.json"), "{}");
    expect(findFunction(loadConfig(root), "embed")?.config).toBe(
      path.join(root, "supabase", "functions", "custom.json"),
    );
    rmSync(root, { recursive: true });
  });
});
