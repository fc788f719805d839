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
});
