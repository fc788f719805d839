// The stack a CLI command talks to: `stack.json` in the data directory, written by a
// running stack (stack.ts) and removed when it stops, if its process is still alive.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../config/index.js";
import { defaultDataDir } from "../stack.js";

interface RunningInfo {
  pid: number;
  url: string;
  dbUrl: string;
  startedAt: string;
}

export function runningStack(projectDir: string, dataDir: string | undefined): RunningInfo | undefined {
  const config = loadConfig(projectDir);
  const file = path.join(path.resolve(dataDir ?? defaultDataDir(config)), "stack.json");
  if (!existsSync(file)) return undefined;
  const info = JSON.parse(readFileSync(file, "utf8")) as RunningInfo;
  try {
    process.kill(info.pid, 0);
    return info;
  } catch {
    return undefined;
  }
}
