// `npm start`: the local stack (migrated and seeded) plus the console's Vite dev server
// pointed at it. Ctrl+C stops both.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

register();
const { startStack } = await import("../stack/src/index.ts");
const { DEMO_ACCOUNTS } = await import("./demoAccounts.ts");
const { createServer } = await import("vite");

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const port = process.env.OPSDESK_API_PORT ? Number(process.env.OPSDESK_API_PORT) : undefined;
const dbPort = process.env.OPSDESK_DB_PORT ? Number(process.env.OPSDESK_DB_PORT) : undefined;
const webPort = Number(process.env.OPSDESK_WEB_PORT ?? 5173);

async function waitForHealth(url) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const ok = await fetch(`${url}/auth/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url}/auth/v1/health did not answer`);
}

const stack = await startStack({ projectDir: root, port, dbPort });
let vite;
try {
  await waitForHealth(stack.url);
  process.env.VITE_SUPABASE_URL = stack.url;
  process.env.VITE_SUPABASE_ANON_KEY = stack.keys.anon;
  vite = await createServer({ root, server: { port: webPort, strictPort: false } });
  await vite.listen();
} catch (err) {
  await stack.stop();
  throw err;
}

const consoleUrl = vite.resolvedUrls?.local[0] ?? `http://127.0.0.1:${webPort}/`;
const width = Math.max(...DEMO_ACCOUNTS.map(([email]) => email.length));
process.stdout.write(
  [
    "",
    "Opsdesk is running.",
    "",
    `  Console:    ${consoleUrl}`,
    `  API:        ${stack.url}`,
    `  Mail inbox: ${stack.url}/_mail`,
    "",
    "  Demo accounts (password: opsdesk-demo)",
    ...DEMO_ACCOUNTS.map(([email, role, what]) => `    ${email.padEnd(width)}  ${role.padEnd(6)}  ${what}`),
    "",
    "Press Ctrl+C to stop.",
    "",
  ].join("\n"),
);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  process.stdout.write("\nStopping…\n");
  await vite.close().catch(() => {});
  await stack.stop().catch((err) => process.stderr.write(`stack stop: ${err}\n`));
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
