import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../shared/log.js";
import { ClusterTemplate, templateKey } from "./cluster-template.js";

const options = {
  user: "postgres",
  password: "secret",
  authMethod: "scram-sha-256" as const,
  initdbFlags: ["--no-sync"],
};
const log = createLogger("test");
let tmp: string;

function fakeCluster(dir: string) {
  mkdirSync(path.join(dir, "base"), { recursive: true, mode: 0o700 });
  writeFileSync(path.join(dir, "PG_VERSION"), "17\n");
  writeFileSync(path.join(dir, "base", "1"), "catalog");
}

beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "cluster-template-"));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe("cluster template", () => {
  it("is keyed by the Postgres build and every initdb option", () => {
    const key = templateKey(options, "17.1");
    expect(templateKey(options, "17.1")).toBe(key);
    expect(templateKey(options, "17.2")).not.toBe(key);
    expect(templateKey({ ...options, password: "other" }, "17.1")).not.toBe(key);
    expect(templateKey({ ...options, initdbFlags: ["--locale=C"] }, "17.1")).not.toBe(key);
  });

  it("keeps a freshly initialised cluster and copies it, mode included, into empty data dirs", async () => {
    const template = new ClusterTemplate(options, log, path.join(tmp, "cache"), undefined);
    const first = path.join(tmp, "first");
    expect(await template.restore(first)).toBe(false);
    fakeCluster(first);
    await template.save(first);

    const second = path.join(tmp, "second");
    mkdirSync(second);
    expect(await template.restore(second)).toBe(true);
    expect(readFileSync(path.join(second, "base", "1"), "utf8")).toBe("catalog");
    expect(statSync(path.join(second, "base")).mode & 0o777).toBe(0o700);
  });

  it("leaves a data dir with content alone and lets initdb report it", async () => {
    const template = new ClusterTemplate(options, log, path.join(tmp, "cache"), undefined);
    const source = path.join(tmp, "source");
    fakeCluster(source);
    await template.save(source);
    const busy = path.join(tmp, "busy");
    mkdirSync(busy);
    writeFileSync(path.join(busy, "notes.txt"), "mine");
    expect(await template.restore(busy)).toBe(false);
    expect(readFileSync(path.join(busy, "notes.txt"), "utf8")).toBe("mine");
    expect(existsSync(path.join(busy, "PG_VERSION"))).toBe(false);
  });

  it("is not used when the owner of its files no longer exists", async () => {
    const root = path.join(tmp, "cache");
    const source = path.join(tmp, "source");
    fakeCluster(source);
    await new ClusterTemplate(options, log, root, undefined).save(source);
    const template = new ClusterTemplate(options, log, root, "no-such-user-opsdesk");
    expect(await template.restore(path.join(tmp, "target"))).toBe(false);
  });
});
