// Which buckets a record's delete cleans by its '<id>/' folder (fileCleanup.ts): the demo's image
// and document buckets, never a file column's bucket of a project, where '<id>/' may be the app's;
// a table with file columns has its queued objects removed instead (install 0006), per bucket.
import { describe, expect, it } from "vitest";
import type { ResourceDefinition } from "../resources/types";
import { bucketsOf, hasFileColumns, removalsByBucket } from "./fileCleanup";

/** profiles.avatar_url, a file column of a project's table. */
const avatar = {
  name: "avatar_url",
  label: "Avatar",
  type: "image" as const,
  bucket: "avatars",
  fileColumn: { schema: "public", table: "profiles" },
};

const def = (fields: ResourceDefinition["fields"], documents?: { bucket: string }) =>
  ({ name: "x", fields, documents }) as unknown as ResourceDefinition;

describe("bucketsOf", () => {
  it("names the demo's record folders' buckets", () => {
    expect(bucketsOf(def([{ name: "image_path", label: "Image", type: "image", bucket: "product-images" }]))).toEqual([
      "product-images",
    ]);
    expect(bucketsOf(def([], { bucket: "order-documents" }))).toEqual(["order-documents"]);
  });

  it("leaves a file column's bucket alone", () => {
    expect(bucketsOf(def([avatar]))).toEqual([]);
  });
});

describe("queued file removals", () => {
  it("are asked for after deletes of a table with file columns only", () => {
    expect(hasFileColumns(def([avatar]))).toBe(true);
    expect(hasFileColumns(def([{ name: "image_path", label: "Image", type: "image", bucket: "product-images" }]))).toBe(
      false,
    );
    expect(hasFileColumns(undefined)).toBe(false);
  });

  it("are removed with one request per bucket", () => {
    const byBucket = removalsByBucket([
      { bucket: "avatars", object_name: "public/profiles/avatar_url/a.png" },
      { bucket: "docs", object_name: "public/tasks/file/b.pdf" },
      { bucket: "avatars", object_name: "public/profiles/avatar_url/c.png" },
    ]);
    expect([...byBucket]).toEqual([
      ["avatars", ["public/profiles/avatar_url/a.png", "public/profiles/avatar_url/c.png"]],
      ["docs", ["public/tasks/file/b.pdf"]],
    ]);
  });
});
