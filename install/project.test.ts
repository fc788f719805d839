// init on a project folder (docs/any-project.md): only missing install versions are written,
// after every existing migration, and "opsdesk" joins [api] schemas with the file's
// formatting and comments kept, or the user is told exactly what to add.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { exposeSchema, initProject, installFiles } from "./project.js";

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
    const first = initProject(dir, new Date("2026-01-02T03:04:05Z"), [core]);
    expect(first.written).toEqual(["migrations/21000101000000_opsdesk_0001_core.sql"]);
    const again = initProject(dir, new Date("2026-01-02T03:04:05Z"), [core]);
    expect(again.written).toEqual([]);
    expect(again.present).toEqual(["0001"]);
    const upgrade = initProject(dir, new Date("2026-01-02T03:04:05Z"), [
      core,
      { version: "0002", name: "opsdesk_next", sql: "select 2;\n" },
    ]);
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
    expect(initProject(dir, new Date("2026-11-27T18:00:00Z")).written[0]).toMatch(
      /^migrations\/20261127180000_opsdesk_0001_core\.sql$/,
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
