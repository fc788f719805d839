// Playwright's backend: the local stack on a fresh temporary data dir, removed again on exit.
// Usage: node e2e/serve-stack.mjs <api port> <db port>
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";
import { stopOnSignal } from "./stopOnSignal.mjs";

register();
const { startStack, removeDataDir } = await import("../stack/src/stack.ts");

const [port, dbPort] = process.argv.slice(2).map(Number);
const projectDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dataDir = mkdtempSync(path.join(tmpdir(), "opsdesk-e2e-"));

const stack = await startStack({ projectDir, port, dbPort, dataDir }).catch(async (err) => {
  await removeDataDir(dataDir);
  throw err;
});
process.stdout.write(`e2e stack ready at ${stack.url} (data in ${dataDir})\n`);

stopOnSignal(stack, dataDir, removeDataDir);
