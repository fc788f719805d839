// The supported Node versions are one decision (README, "Node versions"): the check
// `npm start` and `npm test` run, package.json's engines, .nvmrc and the Node CI
// installs must all say the same.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isSupported, SUPPORTED } from "./node-version.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

describe("supported Node versions", () => {
  it("are 22 from 22.12 on, and later majors", () => {
    expect(["20.19.0", "20.20.2", "21.7.3", "22.11.0"].filter(isSupported)).toEqual([]);
    expect(["22.12.0", "22.23.3", "24.0.0", "26.1.0"].every(isSupported)).toBe(true);
  });

  it("are what package.json's engines, .nvmrc and CI's Node say", () => {
    expect(JSON.parse(read("package.json")).engines.node).toBe(SUPPORTED);
    expect(read(".nvmrc").trim()).toBe("22");
    const ciNode = /^CI_NODE_VERSION=(\S+)$/m.exec(read(".ci/run"))?.[1];
    expect(ciNode && isSupported(ciNode)).toBe(true);
    expect(ciNode?.split(".")[0]).toBe("22");
    // @supabase/supabase-js's own floor is met by the oldest version allowed.
    const supabase = JSON.parse(read("node_modules/@supabase/supabase-js/package.json")).engines.node as string;
    expect(Number(/^>=\s*(\d+)/.exec(supabase)?.[1])).toBeLessThanOrEqual(22);
  });
});
