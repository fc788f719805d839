// The Node versions Opsdesk supports (README, "Node versions"): 22 from 22.12 on, and 24.
// `npm start` and `npm test` call this first; on another version they say so and go
// on (Node 20 still runs everything today, but it is past its end of life and
// @supabase/* declare Node 22 or later), so nobody mistakes it for a supported setup.
import process from "node:process";
import { pathToFileURL } from "node:url";

export const SUPPORTED = ">=22.12";

export function isSupported(version = process.versions.node) {
  const [major, minor] = version.split(".").map(Number);
  return major > 22 || (major === 22 && minor >= 12);
}

export function warnIfUnsupported(version = process.versions.node) {
  if (isSupported(version)) return false;
  process.stderr.write(
    `\nWarning: Node ${version} is not supported by Opsdesk: use Node 22 (22.12 or later) or 24.\n` +
      "Node 20 reached its end of life on 2026-04-30 and @supabase/supabase-js needs Node 22 or later;\n" +
      'CI runs on Node 22 (.ci/run). See README.md, "Node versions".\n\n',
  );
  return true;
}

// `node scripts/node-version.mjs` warns; with `--check` it only answers by its exit code.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes("--check")) process.exitCode = isSupported() ? 0 : 1;
  else warnIfUnsupported();
}
