// init on a project folder (docs/any-project.md): only missing install versions are written,
// after every existing migration, and "opsdesk" joins [api] schemas with the file's
// formatting and comments kept, or the user is told exactly what to add.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import {
  apiSchemasSql,
  digestOf,
  exposeSchema,
  folderInstall,
  initProject,
  installFiles,
  installFunctionFiles,
  releasedDigests,
} from "./project.js";

const dirs: string[] = [];
function project(config: string, migrations: string[] = []): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-init-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "supabase", "migrations"), { recursive: true });
  writeFileSync(path.join(dir, "supabase", "config.toml"), config);
  for (const m of migrations) writeFileSync(path.join(dir, "supabase", "migrations", m), "select 1;\n");
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("initProject", () => {
  it("writes the install as migrations after the project's own, and later only the upgrade", () => {
    const dir = project('[api]\nschemas = ["public"]\n', ["20991231235959_future.sql"]);
    const [core] = installFiles();
    const first = initProject(dir, { now: new Date("2026-01-02T03:04:05Z"), files: [core] });
    expect(first.written).toEqual(["migrations/21000101000000_opsdesk_0001_core.sql"]);
    const again = initProject(dir, { now: new Date("2026-01-02T03:04:05Z"), files: [core] });
    expect(again.written).toEqual([]);
    expect(again.present).toEqual(["0001"]);
    const upgrade = initProject(dir, {
      now: new Date("2026-01-02T03:04:05Z"),
      files: [core, { version: "0002", name: "opsdesk_next", sql: "select 2;\n" }],
    });
    expect(upgrade.written).toEqual(["migrations/21000101000001_opsdesk_0002_next.sql"]);
    const files = readdirSync(path.join(dir, "supabase", "migrations")).sort();
    expect(files).toEqual([
      "20991231235959_future.sql",
      "21000101000000_opsdesk_0001_core.sql",
      "21000101000001_opsdesk_0002_next.sql",
    ]);
    expect(readFileSync(path.join(dir, "supabase", "migrations", files[1]), "utf8")).toContain(core.sql);
  });

  it("stamps the current time when the project's migrations are older", () => {
    const dir = project("[api]\n", ["20240101000000_init.sql"]);
    expect(initProject(dir, { now: new Date("2026-11-27T18:00:00Z") }).written[0]).toMatch(
      /^migrations\/20261127180000_opsdesk_0001_core\.sql$/,
    );
  });
});

describe('upgrades (docs/any-project.md, "Upgrades")', () => {
  it("never change a released install file: each one's digest is pinned in install/sql/released.json", () => {
    const released = releasedDigests();
    const files = installFiles();
    // A released file edited in place fails here: write the change as the next NNNN file instead.
    expect(Object.fromEntries(files.map((f) => [f.version, digestOf(f.sql)]))).toEqual(released);
    // Versions run 0001, 0002, … without gaps, each file ending by recording itself.
    files.forEach((f, i) => {
      expect(f.version).toBe(String(i + 1).padStart(4, "0"));
      expect(f.sql).toContain(`insert into opsdesk.installed (version, name) values ('${f.version}', '${f.name}');`);
    });
  });

  it("init on a folder with an older release's install adds exactly the upgrade, then nothing", () => {
    const dir = project("[api]\n", ["20240101000000_init.sql"]);
    const [core, ...upgrades] = installFiles();
    expect(upgrades.length).toBeGreaterThan(0);
    const now = new Date("2026-11-27T18:00:00Z");
    expect(initProject(dir, { now, files: [core] }).written).toEqual([
      "migrations/20261127180000_opsdesk_0001_core.sql",
    ]);
    const upgrade = initProject(dir, { now });
    expect(upgrade.written).toEqual(
      upgrades.map(
        (f, i) => `migrations/2026112718000${i + 1}_opsdesk_${f.version}_${f.name.replace(/^opsdesk_/, "")}.sql`,
      ),
    );
    expect(upgrade.present).toEqual(["0001"]);
    expect(upgrade.differing).toEqual([]);
    const again = initProject(dir, { now });
    expect(again.written).toEqual([]);
    expect(folderInstall(dir)).toEqual({ present: installFiles().map((f) => f.version), missing: [], differing: [] });
  });

  it("reports a folder's install file that differs from the release's, and leaves it as it is", () => {
    const dir = project("[api]\n");
    const [written] = initProject(dir, { now: new Date("2026-11-27T18:00:00Z") }).written;
    const file = path.join(dir, "supabase", written);
    // CRLF line endings (a checkout on Windows) are the same file.
    writeFileSync(file, readFileSync(file, "utf8").replaceAll("\n", "\r\n"));
    expect(folderInstall(dir).differing).toEqual([]);
    const edited = `${readFileSync(file, "utf8")}\nalter table opsdesk.roles add column x int;\n`;
    writeFileSync(file, edited);
    const again = initProject(dir);
    expect(again.written).toEqual([]);
    expect(again.differing).toEqual([path.basename(written)]);
    expect(readFileSync(file, "utf8")).toBe(edited);
  });
});

describe("initProject --version", () => {
  const two = [
    { version: "0001", name: "opsdesk_core", sql: "select 1;\n" },
    { version: "0002", name: "opsdesk_next", sql: "select 2;\n" },
  ];
  it("stamps the first file with the given version and the next ones a second later each", () => {
    const dir = project("[api]\n", ["20250706100000_last.sql"]);
    const result = initProject(dir, { now: new Date("2026-11-27T18:00:00Z"), files: two, version: "20250720100000" });
    expect(result.written).toEqual([
      "migrations/20250720100000_opsdesk_0001_core.sql",
      "migrations/20250720100001_opsdesk_0002_next.sql",
    ]);
  });

  it("refuses a version that is not after the folder's newest migration, and a malformed one", () => {
    const dir = project("[api]\n", ["20250706100000_last.sql"]);
    expect(() => initProject(dir, { files: two, version: "20250706100000" })).toThrow(/not after .* 20250706100000/);
    expect(() => initProject(dir, { files: two, version: "2025-07-20" })).toThrow(/YYYYMMDDHHMMSS/);
    expect(readdirSync(path.join(dir, "supabase", "migrations"))).toEqual(["20250706100000_last.sql"]);
  });
});

describe("initProject and Opsdesk's edge functions", () => {
  it("writes each function file the folder lacks or holds in another version, and leaves the rest", () => {
    const dir = project("[api]\n");
    const files = [
      { path: "opsdesk-admin/index.ts", content: "serve();\n" },
      { path: "opsdesk-admin/errors.ts", content: "export {};\n" },
    ];
    expect(initProject(dir, { files: [], functionFiles: files }).functions).toEqual([
      "functions/opsdesk-admin/index.ts",
      "functions/opsdesk-admin/errors.ts",
    ]);
    expect(initProject(dir, { files: [], functionFiles: files }).functions).toEqual([]);
    const changed = [files[0], { ...files[1], content: "export const v = 2;\n" }];
    expect(initProject(dir, { files: [], functionFiles: changed }).functions).toEqual([
      "functions/opsdesk-admin/errors.ts",
    ]);
    expect(readFileSync(path.join(dir, "supabase", "functions", "opsdesk-admin", "errors.ts"), "utf8")).toBe(
      "export const v = 2;\n",
    );
  });

  it("ships the opsdesk-admin function", () => {
    expect(installFunctionFiles().map((f) => f.path)).toEqual(
      expect.arrayContaining(["opsdesk-admin/index.ts", "opsdesk-admin/invite.ts", "opsdesk-admin/errors.ts"]),
    );
  });
});

describe("exposeSchema", () => {
  const edit = (text: string) => {
    const dir = project(text);
    const file = path.join(dir, "supabase", "config.toml");
    return { result: exposeSchema(file), text: readFileSync(file, "utf8") };
  };

  it("appends to a one-line array, keeping the comments around it", () => {
    const { result, text } = edit(
      '# mine\n[api]\nenabled = true # on\nschemas = ["public", "graphql_public"] # exposed\nport = 1\n',
    );
    expect(result.status).toBe("added");
    expect(text).toBe(
      '# mine\n[api]\nenabled = true # on\nschemas = ["public", "graphql_public", "opsdesk"] # exposed\nport = 1\n',
    );
  });

  it("adds a line to a multi-line array with a trailing comma and comments", () => {
    const { text } = edit(
      '[api]\nschemas = [\n  "public",\n  "kb", # the knowledge base\n  "graphql_public",\n]\n\n[db]\nport = 2\n',
    );
    expect(text).toBe(
      '[api]\nschemas = [\n  "public",\n  "kb", # the knowledge base\n  "graphql_public",\n  "opsdesk",\n]\n\n[db]\nport = 2\n',
    );
  });

  it("adds the key where [api] has none, and the table where there is none", () => {
    expect(edit("[api]\nport = 3\n").text).toBe('[api]\nschemas = ["public", "graphql_public", "opsdesk"]\nport = 3\n');
    expect(edit('project_id = "x"\n').text).toBe(
      'project_id = "x"\n\n[api]\nschemas = ["public", "graphql_public", "opsdesk"]\n',
    );
  });

  it("leaves a file that lists opsdesk alone, and says what to add where it cannot edit safely", () => {
    expect(edit('[api]\nschemas = ["opsdesk", "public"]\n').result.status).toBe("present");
    const odd = edit('[api]\nschemas = ["public"]\n[api.extra]\nx = 1\n[api]\n');
    // A file TOML refuses (two [api] tables) is not touched.
    expect(odd.result.status).toBe("manual");
    expect(odd.text).toBe('[api]\nschemas = ["public"]\n[api.extra]\nx = 1\n[api]\n');
  });
});

describe("the exposed schemas for a hosted project's SQL editor", () => {
  it("lists config.toml's schemas and opsdesk, each a quoted literal", () => {
    expect(apiSchemasSql(["public", "graphql_public"])).toBe(
      "select opsdesk.set_api_schemas(array['public', 'graphql_public', 'opsdesk']);",
    );
    expect(apiSchemasSql(["public", "opsdesk", "it's"])).toBe(
      "select opsdesk.set_api_schemas(array['public', 'opsdesk', 'it''s']);",
    );
  });
});

describe('the demo store (docs/any-project.md, "The demo store")', () => {
  const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

  it("holds this release's install as init writes it: every file, none edited, and Opsdesk's edge function", () => {
    expect(folderInstall(root)).toEqual({
      present: installFiles().map((f) => f.version),
      missing: [],
      differing: [],
    });
    for (const file of installFunctionFiles()) {
      expect(readFileSync(path.join(root, "supabase", "functions", file.path), "utf8")).toBe(file.content);
    }
  });
});
