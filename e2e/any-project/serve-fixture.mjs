// Playwright's backend for the any-project suite: one of the committed fixture projects
// (fixtures/projects/<name>) copied into a fresh temporary directory, Opsdesk installed into the
// copy as a team does it (`npm run opsdesk -- init`: its migration, its opsdesk-admin edge
// function, `opsdesk` exposed in config.toml), the local stack started on the copy (migrations
// applied as `supabase db push` applies them, the function served), and three operators: an
// admin, an editor and a viewer (password below). Removed again on exit.
// Usage: node e2e/any-project/serve-fixture.mjs <fixture | project folder> <api port> <db port>
// A folder (an absolute path) is any project's own, tried as the fixtures are (docs/any-project.md
// "Trying a project of your own"); it is copied too, so the folder itself is never changed.
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";
import { stopOnSignal } from "../stopOnSignal.mjs";

register();
const { startStack, removeDataDir } = await import("../../stack/src/stack.ts");
const { addOperator, exposeLocally } = await import("../../install/database.ts");
const { initProject } = await import("../../install/project.ts");

// The spec signs in with the same password (e2e/any-project/fixture.ts).
const FIXTURE_PASSWORD = "opsdesk-e2e-pw";

const [fixture, port, dbPort] = process.argv.slice(2);
const root = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));
// The stack's data and the project's copy share one temporary directory, removed as one.
const source = path.isAbsolute(fixture) ? fixture : path.join(root, "fixtures", "projects", fixture);
const dataDir = mkdtempSync(path.join(tmpdir(), `opsdesk-e2e-${path.basename(fixture)}-`));
const projectDir = path.join(dataDir, "project");
cpSync(source, projectDir, { recursive: true });
initProject(projectDir);

const stack = await startStack({ projectDir, port: Number(port), dbPort: Number(dbPort), dataDir }).catch(
  async (err) => {
    await removeDataDir(dataDir);
    throw err;
  },
);
try {
  // As `npm start -- --project-dir` does: the install learns config.toml's `[api] schemas`.
  await exposeLocally(stack.dbUrl, stack.config.api.schemas);
  const target = { url: stack.url, serviceRoleKey: stack.keys.serviceRole, databaseUrl: stack.dbUrl };
  // As `npm run opsdesk -- add-operator` does: the auth user (Auth's admin API), then the operator row.
  for (const role of ["admin", "editor", "viewer"])
    await addOperator(target, `e2e-${role}@example.com`, FIXTURE_PASSWORD, role);
} catch (err) {
  await stack.stop();
  await removeDataDir(dataDir);
  throw err;
}
process.stdout.write(`e2e stack for ${fixture} ready at ${stack.url} (data in ${dataDir})\n`);

stopOnSignal(stack, dataDir, removeDataDir);
