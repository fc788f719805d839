// Which buckets a record's delete cleans by its '<id>/' folder (fileCleanup.ts): the demo's image
// and document buckets, never a file column's bucket of a project, where '<id>/' may be the app's;
// a table with file columns has its queued objects removed instead (install 0006), per bucket.
import { describe, expect, it } from "vitest";
import type { ResourceDefinition } from "../resources/types";
import type { Described } from "../schema/describe";
import { table } from "../schema/testSchema";
import { bucketsOf, followFileRemovals, hasFileColumns, mayRemoveQueuedFiles, removalsByBucket } from "./fileCleanup";

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

describe("the removal queue drained without waiting for a delete", () => {
  const profiles = (permissions: string[], fileColumns = true) =>
    table("public", "profiles", [], {
      permissions,
      settings: fileColumns ? { file_columns: { avatar_url: { bucket: "avatars" } } } : {},
    });
  const schema = (...tables: ReturnType<typeof profiles>[]): Described => ({
    version: "1",
    schemas: ["public"],
    roles: [],
    tables,
  });

  it("only by who may remove something: edit or delete on a table with file columns", () => {
    expect(mayRemoveQueuedFiles(schema(profiles(["list", "show", "edit"])))).toBe(true);
    expect(mayRemoveQueuedFiles(schema(profiles(["list", "show", "delete"])))).toBe(true);
    expect(mayRemoveQueuedFiles(schema(profiles(["list", "show", "export"])))).toBe(false);
    expect(mayRemoveQueuedFiles(schema(profiles(["edit", "delete"], false)))).toBe(false);
    expect(mayRemoveQueuedFiles(undefined)).toBe(false);
  });

  it("at start, once per schema the console runs on, and each time it is asked again", async () => {
    let described: Described | undefined;
    const listeners: (() => void)[] = [];
    const changed = () => {
      for (const listener of listeners) listener();
    };
    let drains = 0;
    let finish: () => void = () => undefined;
    const removals = followFileRemovals(
      () => described,
      (listener) => listeners.push(listener),
      () => {
        drains += 1;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
    );
    // Signed out, or no schema yet: nothing is asked.
    expect(drains).toBe(0);
    described = schema(profiles(["list", "edit"]));
    changed();
    expect(drains).toBe(1);
    // The same schema again (another resource change), or a second ask while one runs: no second drain.
    changed();
    removals.again();
    expect(drains).toBe(1);
    finish();
    await Promise.resolve();
    await Promise.resolve();
    removals.again();
    expect(drains).toBe(2);
    finish();
    await Promise.resolve();
    await Promise.resolve();
    // A viewer's schema: nothing they could remove, nothing asked.
    described = schema(profiles(["list", "show"]));
    changed();
    removals.again();
    expect(drains).toBe(2);
  });
});
