// Playwright's backend for the any-project suite: the local stack on one of db30's fixture
// projects (fixtures/projects/<name>) on a fresh temporary data dir, Opsdesk installed into its
// database as `npm start -- --project-dir` does, and three operators: an admin, an editor and a
// viewer (password below). Removed again on exit.
// Usage: node e2e/any-project/serve-fixture.mjs <fixture> <api port> <db port>
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";
import { stopOnSignal } from "../stopOnSignal.mjs";

register();
const { startStack, removeDataDir } = await import("../../stack/src/stack.ts");
const { addOperator, applyInstall, exposeLocally } = await import("../../install/database.ts");

// The spec signs in with the same password (e2e/any-project/fixture.ts).
const FIXTURE_PASSWORD = "opsdesk-e2e-pw";

const [fixture, port, dbPort] = process.argv.slice(2);
const root = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));
const projectDir = path.join(root, "fixtures", "projects", fixture);
const dataDir = mkdtempSync(path.join(tmpdir(), `opsdesk-e2e-${fixture}-`));

const stack = await startStack({ projectDir, port: Number(port), dbPort: Number(dbPort), dataDir }).catch(
  async (err) => {
    await removeDataDir(dataDir);
    throw err;
  },
);
try {
  await applyInstall(stack.dbUrl);
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
