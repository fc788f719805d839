// `npm run opsdesk -- <command>`: installs Opsdesk into any Supabase project folder and makes
// its first admin (docs/any-project.md).
import path from "node:path";
import { parseArgs } from "node:util";
import { deriveKeys } from "../stack/src/api-keys.js";
import { runningStack } from "../stack/src/cli/running.js";
import { loadConfig } from "../stack/src/config/index.js";
import { JwtKeys } from "../stack/src/shared/jwt.js";
import { freePort } from "../stack/src/shared/net.js";
import { startStack } from "../stack/src/stack.js";
import { type AdminTarget, addOperator } from "./database.js";
import { apiSchemasSql, initProject, installFiles } from "./project.js";

const USAGE = `Usage: npm run opsdesk -- <command> [options]

Commands:
  init --project-dir DIR [--version YYYYMMDDHHMMSS]
                                write Opsdesk's SQL into DIR/supabase/migrations (only the files the
                                folder lacks; --version: the first one's version, after every
                                migration the folder has), its edge functions into
                                DIR/supabase/functions, and add "opsdesk" to [api] schemas
  add-admin EMAIL --password PW --project-dir DIR [--data-dir D]
                                create the auth user if missing and make them an active admin of the
                                local stack of DIR (started for the command if it is not running)
  add-operator EMAIL --role ROLE --password PW --project-dir DIR
                                the same with another role (editor, viewer or one an admin added)
  sql [--after VERSION]         print the whole install as one script (for a SQL editor); with
                                --after, only the upgrades after that install version (the
                                database's: select max(version) from opsdesk.installed)
  admin-sql EMAIL               print the one line that makes an existing user admin on a hosted project

Options:
  --project-dir DIR   folder holding supabase/ (default: current directory)
  -h, --help          this help`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    "project-dir": { type: "string" },
    "data-dir": { type: "string" },
    password: { type: "string" },
    role: { type: "string" },
    version: { type: "string" },
    after: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});
const [command, ...rest] = positionals;
const projectDir = path.resolve(values["project-dir"] ?? process.cwd());

function init(): void {
  const result = initProject(projectDir, { version: values.version });
  const out: string[] = [];
  if (result.written.length === 0) {
    out.push(`Opsdesk is up to date in ${projectDir} (install ${result.present.join(", ")}).`);
  } else {
    out.push(`Wrote ${result.written.length} migration${result.written.length === 1 ? "" : "s"}:`);
    for (const file of result.written) out.push(`  supabase/${file}`);
  }
  for (const file of result.differing) {
    out.push(
      `Note: supabase/migrations/${file} is not Opsdesk's released file of that version (edited, or written`,
      "  by a development build); init leaves it as it is. Upgrades come as new files, never as changes to it.",
    );
  }
  if (result.functions.length > 0) {
    out.push("Wrote edge function files:");
    for (const file of result.functions) out.push(`  supabase/${file}`);
  }
  if (result.config.status === "added") out.push(`Added "opsdesk" to [api] schemas in ${result.config.file}.`);
  if (result.config.status === "manual") out.push("", result.config.instructions);
  // The exposed schemas as config.toml has them now; the hosted dashboard's list should match.
  let schemas = ["public", "graphql_public"];
  try {
    schemas = loadConfig(projectDir).api.schemas;
  } catch {
    // A config.toml the stack refuses is named when the stack starts; the line keeps the defaults.
  }
  out.push(
    "",
    "Next:",
    `  local:  npm start -- --project-dir ${projectDir}`,
    `          npm run opsdesk -- add-admin you@example.com --password '…' --project-dir ${projectDir}`,
    "  hosted: supabase db push, supabase functions deploy opsdesk-admin, expose the opsdesk schema",
    "          (Data API settings), then in the SQL editor (the second line names the exposed schemas):",
    "          select opsdesk.make_admin('you@example.com');",
    `          ${apiSchemasSql(schemas)}`,
  );
  process.stdout.write(`${out.join("\n")}\n`);
}

async function addOperatorCommand(role: string): Promise<void> {
  const email = rest[0];
  if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) fail(`${command} needs an e-mail address.\n\n${USAGE}`);
  const config = loadConfig(projectDir);
  const keys = await deriveKeys(
    config.auth.jwt_secret,
    await JwtKeys.create(config.auth.jwt_secret, config.auth.signing_keys),
  );
  const running = runningStack(projectDir, values["data-dir"]);
  let stop: (() => Promise<void>) | undefined;
  let target: AdminTarget;
  if (running) {
    target = { url: running.url, databaseUrl: running.dbUrl, serviceRoleKey: keys.serviceRole };
  } else {
    process.stdout.write(`Starting the local stack for ${projectDir}…\n`);
    const stack = await startStack({
      projectDir,
      dataDir: values["data-dir"],
      port: await freePort(),
      dbPort: await freePort(),
    }).catch((err: Error) => fail(`Could not start the stack:\n${err.message}`));
    stop = () => stack.stop();
    target = { url: stack.url, databaseUrl: stack.dbUrl, serviceRoleKey: stack.keys.serviceRole };
  }
  try {
    const { id, created } = await addOperator(target, email, values.password, role);
    process.stdout.write(`${created ? "Created" : "Found"} ${email} (${id}); it is an active Opsdesk ${role}.\n`);
  } catch (err) {
    process.exitCode = 1;
    process.stderr.write(`${(err as Error).message}\n`);
  } finally {
    await stop?.();
  }
}

if (values.help || !command) {
  process.stdout.write(`${USAGE}\n`);
} else if (command === "init") {
  try {
    init();
  } catch (err) {
    fail((err as Error).message);
  }
} else if (command === "add-admin") {
  await addOperatorCommand("admin");
} else if (command === "add-operator") {
  await addOperatorCommand(values.role ?? fail("add-operator needs --role."));
} else if (command === "sql") {
  const after = values.after;
  if (after !== undefined && !/^\d{4}$/.test(after))
    fail(`--after takes an install version such as 0001, not "${after}".`);
  const files = installFiles().filter((f) => after === undefined || f.version > after);
  if (files.length === 0) process.stderr.write(`Install ${after} is this release's newest: nothing to upgrade.\n`);
  process.stdout.write(files.map((f) => f.sql).join("\n"));
} else if (command === "admin-sql") {
  const email = rest[0] ?? fail("admin-sql needs an e-mail address.");
  process.stdout.write(`select opsdesk.make_admin(${`'${email.replaceAll("'", "''")}'`});\n`);
} else {
  fail(`Unknown command "${command}".\n\n${USAGE}`);
}
