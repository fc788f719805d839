import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ChildRegistry, commandLineOf } from "./processes.js";

let dir: string;
const started: number[] = [];

afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

function sleeper(marker: string) {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)", marker], { stdio: "ignore" });
  started.push(child.pid as number);
  return child;
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
}

describe.skipIf(process.platform === "win32")("child registry", () => {
  it("reaps recorded children still running with their marker, and only those", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "child-registry-"));
    const registry = new ChildRegistry(dir);
    const ours = sleeper("opsdesk-ours");
    const reused = sleeper("someone-else");
    registry.add(ours, "opsdesk-ours");
    // A pid recorded with another marker: the system gave it to someone else meanwhile.
    registry.add(reused, "opsdesk-ours-too");
    await until(() => commandLineOf(ours.pid as number)?.includes("opsdesk-ours") === true);

    // A later start, after a crash: a fresh registry on the same folder.
    expect(new ChildRegistry(dir).reap()).toEqual([ours.pid]);
    await until(() => commandLineOf(ours.pid as number) === undefined);
    expect(commandLineOf(ours.pid as number)).toBeUndefined();
    expect(commandLineOf(reused.pid as number)).toContain("someone-else");
    expect(readdirSync(dir)).toEqual([]);
  });

  it("forgets a child once it exits", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "child-registry-"));
    const registry = new ChildRegistry(dir);
    const child = sleeper("short-lived");
    registry.add(child, "short-lived");
    expect(readdirSync(dir)).toEqual([String(child.pid)]);
    child.kill("SIGKILL");
    await until(() => readdirSync(dir).length === 0);
    expect(readdirSync(dir)).toEqual([]);
  });
});
