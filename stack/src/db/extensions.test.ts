import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { EXTENSIONS, PLACEHOLDER_MARK } from "./extension-registry.js";
import { installExtensionFiles } from "./extensions.js";

describe("installExtensionFiles", () => {
  const dirs: string[] = [];
  const tmp = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-ext-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("ships the stack's extensions and a placeholder for each that cannot be created", () => {
    const target = tmp();
    installExtensionFiles(target, tmp());
    for (const name of ["pg_net", "pgjwt", "pgmq", "pg_graphql", "supabase_vault"]) {
      expect(readFileSync(path.join(target, `${name}.control`), "utf8")).not.toContain(PLACEHOLDER_MARK);
    }
    const placeholder = readFileSync(path.join(target, "postgis--unavailable.sql"), "utf8");
    expect(placeholder).toContain(`extension "postgis" cannot be created on the local stack: PostGIS is native code`);
    expect(readFileSync(path.join(target, "pgtap--unavailable.sql"), "utf8")).toContain(
      "apt-get install postgresql-15-pgtap",
    );
    for (const entry of EXTENSIONS.filter((e) => e.state !== "postgres" && e.state !== "stack")) {
      expect(readFileSync(path.join(target, `${entry.name}.control`), "utf8"), entry.name).toContain(PLACEHOLDER_MARK);
    }
  });

  it("keeps a native build and takes pgTAP from a Debian package", () => {
    const target = tmp();
    const share = tmp();
    writeFileSync(path.join(target, "vector.control"), "default_version = '0.8.0'\n");
    mkdirSync(path.join(share, "15", "extension"), { recursive: true });
    writeFileSync(path.join(share, "15", "extension", "pgtap.control"), "default_version = '1.2.0'\n");
    writeFileSync(path.join(share, "15", "extension", "pgtap--1.2.0.sql"), "-- pgTAP\n");
    installExtensionFiles(target, share);
    expect(readFileSync(path.join(target, "vector.control"), "utf8")).toBe("default_version = '0.8.0'\n");
    expect(readFileSync(path.join(target, "pgtap.control"), "utf8")).toBe("default_version = '1.2.0'\n");
    expect(readFileSync(path.join(target, "pgtap--1.2.0.sql"), "utf8")).toBe("-- pgTAP\n");
  });
});

describe("docs/extensions.md", () => {
  it("lists every extension of the registry", () => {
    const doc = readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../docs/extensions.md"),
      "utf8",
    );
    for (const entry of EXTENSIONS) expect(doc, entry.name).toContain(`\`${entry.name}\``);
  });
});
