import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { EXTENSIONS, PLACEHOLDER_MARK } from "./extension-registry.js";
import { installExtensionFiles } from "./extensions.js";

const dirs: string[] = [];
const tmp = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-ext-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("installExtensionFiles", () => {
  it("ships the stack's extensions and a placeholder for each that cannot be created", () => {
    const target = tmp();
    installExtensionFiles(target, tmp());
    for (const name of ["pg_net", "pgjwt", "pgmq", "pg_graphql", "supabase_vault"]) {
      expect(readFileSync(path.join(target, `${name}.control`), "utf8")).not.toContain(PLACEHOLDER_MARK);
    }
    const placeholder = readFileSync(path.join(target, "postgis--unavailable.sql"), "utf8");
    expect(placeholder).toContain(
      `extension "postgis" cannot be created on the local stack: this PostgreSQL server has no PostGIS`,
    );
    expect(placeholder).toContain("apt-get install postgresql-15 postgresql-15-postgis-3");
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

describe("installExtensionFiles into a PostgreSQL 15 that has PostGIS (DATABASE_URL)", () => {
  const debianPostgis = (target: string) => {
    writeFileSync(path.join(target, "postgis-3.control"), "default_version = '3.3.2'\n");
    writeFileSync(path.join(target, "postgis--3.3.2.sql"), "-- PostGIS\n");
  };

  it("keeps the link Debian's alternatives made and writes no placeholder beside it", () => {
    const target = tmp();
    debianPostgis(target);
    symlinkSync("postgis-3.control", path.join(target, "postgis.control"));
    installExtensionFiles(target, tmp());
    expect(readlinkSync(path.join(target, "postgis.control"))).toBe("postgis-3.control");
    expect(existsSync(path.join(target, "postgis--unavailable.sql"))).toBe(false);
    // What the server lacks still gets its placeholder.
    expect(readFileSync(path.join(target, "hypopg.control"), "utf8")).toContain(PLACEHOLDER_MARK);
  });

  it("gives way to PostGIS installed after the placeholder (Debian links over no plain file)", () => {
    const target = tmp();
    installExtensionFiles(target, tmp());
    expect(readFileSync(path.join(target, "postgis.control"), "utf8")).toContain(PLACEHOLDER_MARK);
    debianPostgis(target); // apt-get install postgresql-15-postgis-3: its link is refused
    installExtensionFiles(target, tmp());
    expect(lstatSync(path.join(target, "postgis.control")).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(target, "postgis.control"), "utf8")).toBe("default_version = '3.3.2'\n");
    expect(existsSync(path.join(target, "postgis--unavailable.sql"))).toBe(false);
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
