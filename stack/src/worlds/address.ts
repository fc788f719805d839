// Where a world host is found (its state folder's host.json) and which stack sources it
// runs: light enough for the QA kit to import in every Playwright worker (node builtins only).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { HostAddress } from "./protocol.js";

export const HOST_FILE = "host.json";
const SOURCE_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** A fingerprint of the stack's sources: a host started from other code is not reused. */
export function stackVersion(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(ts|sql|c|h|wat|mjs|js)$/.test(entry.name)) {
        const { size, mtimeMs } = statSync(file);
        hash.update(`${file}\0${size}\0${mtimeMs}\0`);
      }
    }
  };
  walk(SOURCE_DIR);
  return hash.digest("hex").slice(0, 16);
}

export function readHostAddress(stateDir: string): HostAddress | undefined {
  try {
    return JSON.parse(readFileSync(path.join(stateDir, HOST_FILE), "utf8")) as HostAddress;
  } catch {
    return undefined;
  }
}
