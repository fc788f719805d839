// Type-checks the console, the stack and the backend tests side by side (three tsc projects,
// each single-threaded: one after another they left a core idle on a 2-core machine).
// Prints each project's errors and fails if any project has one.
import { spawn } from "node:child_process";

const PROJECTS = ["tsconfig.json", "stack/tsconfig.json", "supabase/tests/tsconfig.json", "install/tsconfig.json"];

const check = (project) =>
  new Promise((resolve) => {
    const tsc = spawn(process.execPath, ["node_modules/typescript/bin/tsc", "--noEmit", "-p", project]);
    let output = "";
    tsc.stdout.on("data", (chunk) => (output += chunk));
    tsc.stderr.on("data", (chunk) => (output += chunk));
    tsc.on("close", (code) => resolve({ project, code, output }));
  });

const results = await Promise.all(PROJECTS.map(check));
for (const { project, code, output } of results) {
  if (code === 0) continue;
  console.error(`tsc -p ${project} failed:\n${output}`);
}
process.exitCode = results.some((r) => r.code !== 0) ? 1 : 0;
