import path from "node:path";
import { describe, expect, it } from "vitest";
import { ServiceError } from "../shared/errors.js";
import { objectDir, objectTarget } from "./keys.js";

const root = "/data/storage";

function refusal(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err instanceof ServiceError ? (err.body as { statusCode: string; code: string }) : err;
  }
  return "accepted";
}

describe("object keys", () => {
  it.each([
    ["/storage/v1/object/b/a/b.txt", { bucket: "b", key: "a/b.txt" }],
    ["/storage/v1/object/b/sp%20ace/%C3%BC.txt?x=1", { bucket: "b", key: "sp ace/ü.txt" }],
    ["/storage/v1/object/b/.hidden/x", { bucket: "b", key: ".hidden/x" }],
  ])("reads %s", (url, expected) => {
    expect(objectTarget(url, "/object/")).toEqual(expected);
  });

  it.each([
    "/storage/v1/object/b/../x",
    "/storage/v1/object/b/%2e%2e/x",
    "/storage/v1/object/b/a/%2E%2E%2F%2E%2E%2Fx",
    "/storage/v1/object/b//abs",
    "/storage/v1/object/b/a//b",
    "/storage/v1/object/b/a/./b",
    "/storage/v1/object/b/nul%00",
    "/storage/v1/object/b/bad%ff",
    "/storage/v1/object/b/back%5Cslash",
    "/storage/v1/object/b/",
    "/storage/v1/object/..%2Fb/x",
  ])("refuses %s with storage's 400 shape", (url) => {
    expect(refusal(() => objectTarget(url, "/object/"))).toMatchObject({ statusCode: "400" });
  });

  it("maps keys to folders inside the root, dots and separators encoded", () => {
    expect(objectDir(root, "b", "a/b.txt")).toBe(path.join(root, "b", "a", "b.txt"));
    expect(objectDir(root, "b", ".x/y z")).toBe(path.join(root, "b", "%2Ex", "y%20z"));
    expect(objectDir(root, ".tmp", "k")).toBe(path.join(root, "%2Etmp", "k"));
  });

  it("hashes a segment over 255 bytes and leaves its neighbours readable", () => {
    const long = "a".repeat(300);
    const dir = objectDir(root, "b", `docs/${long}/x.txt`);
    const parts = path.relative(root, dir).split(path.sep);
    expect(parts[0]).toBe("b");
    expect(parts[1]).toBe("docs");
    expect(parts[2]).toMatch(/^%S[0-9a-f]{64}$/);
    expect(parts[3]).toBe("x.txt");
    // The same segment always lands in the same folder; another one does not.
    expect(objectDir(root, "b", `docs/${long}/y.txt`)).toBe(path.join(path.dirname(dir), "y.txt"));
    expect(objectDir(root, "b", `docs/${long}b/x.txt`)).not.toBe(dir);
  });

  it("hashes a whole key whose folder would pass PATH_MAX, and only then", () => {
    const segment = "é".repeat(42); // 252 bytes percent-encoded: within NAME_MAX
    const key = Array.from({ length: 4 }, () => segment).join("/");
    expect(objectDir(root, "b", key)).toBe(path.join(root, "b", ...key.split("/").map(encodeURIComponent)));
    const deepRoot = `/${"r".repeat(3100)}`;
    expect(path.relative(deepRoot, objectDir(deepRoot, "b", key))).toMatch(/^b\/%K[0-9a-f]{64}$/);
  });

  it("takes keys up to 1 024 bytes as UTF-8 and refuses longer ones", () => {
    expect(objectTarget(`/storage/v1/object/b/${"k".repeat(1024)}`, "/object/").key).toHaveLength(1024);
    expect(refusal(() => objectTarget(`/storage/v1/object/b/${"k".repeat(1025)}`, "/object/"))).toMatchObject({
      statusCode: "400",
      code: "InvalidKey",
    });
    const kanji = encodeURIComponent("鍵".repeat(342)); // 1 026 bytes
    expect(refusal(() => objectTarget(`/storage/v1/object/b/${kanji}`, "/object/"))).toMatchObject({
      code: "InvalidKey",
    });
  });
});
