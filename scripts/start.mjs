// `npm start [-- --project-dir DIR]`: the local stack (migrated and seeded) plus the console's
// Vite dev server pointed at it. Ctrl+C stops both. Without --project-dir it runs the demo
// store; with it, any Supabase project folder, Opsdesk installed into its local database when
// the folder lacks Opsdesk's migrations (docs/any-project.md).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { register } from "tsx/esm/api";
import { warnIfUnsupported } from "./node-version.mjs";

warnIfUnsupported();
register();
const { startStack } = await import("../stack/src/index.ts");
const { DEMO_ACCOUNTS } = await import("./demoAccounts.ts");
const { applyInstall, exposeLocally } = await import("../install/database.ts");
const { folderInstall } = await import("../install/project.ts");
const { createServer } = await import("vite");

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { values: args } = parseArgs({ options: { "project-dir": { type: "string" } } });
const projectDir = args["project-dir"] ? path.resolve(args["project-dir"]) : root;
const isDemo = projectDir === root;
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

const stack = await startStack({ projectDir, port, dbPort });
let vite;
let installed = [];
let upgrade = [];
try {
  // A folder without Opsdesk's migrations: install into the local database only. A folder with
  // them is migrated as it is (an install file applied beside its migration would run twice
  // once init adds it); a release's newer files are named for init.
  if (!isDemo) {
    const folder = folderInstall(projectDir);
    if (folder.present.length === 0) installed = await applyInstall(stack.dbUrl);
    else upgrade = folder.missing;
    await exposeLocally(stack.dbUrl, stack.config.api.schemas);
  }
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
const relative = path.relative(process.cwd(), projectDir) || ".";
const relativeDir = relative.startsWith("..") ? projectDir : relative;
const projectLines = [
  `  Project:    ${projectDir}`,
  ...(installed.length > 0
    ? [
        "",
        `  Opsdesk was installed into this local database only (install ${installed.join(", ")}).`,
        "  To keep it in the project (and deploy it with `supabase db push`), add it to the folder:",
        `    npm run opsdesk -- init --project-dir ${relativeDir}`,
      ]
    : []),
  ...(upgrade.length > 0
    ? [
        "",
        `  This Opsdesk has upgrades the folder lacks (install ${upgrade.join(", ")}); add them as migrations:`,
        `    npm run opsdesk -- init --project-dir ${relativeDir}`,
      ]
    : []),
  "",
  "  First admin (creates the user if missing):",
  `    npm run opsdesk -- add-admin you@example.com --password '…' --project-dir ${relativeDir}`,
];
process.stdout.write(
  [
    "",
    "Opsdesk is running.",
    "",
    `  Console:    ${consoleUrl}`,
    `  API:        ${stack.url}`,
    `  Mail inbox: ${stack.url}/_mail`,
    "",
    ...(isDemo
      ? [
          "  Demo accounts (password: opsdesk-demo)",
          ...DEMO_ACCOUNTS.map(([email, role, what]) => `    ${email.padEnd(width)}  ${role.padEnd(6)}  ${what}`),
        ]
      : projectLines),
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
