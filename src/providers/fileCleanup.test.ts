// Which buckets a record's delete cleans by its '<id>/' folder (fileCleanup.ts): the demo's image
// and document buckets, never a file column's bucket of a project, where '<id>/' may be the app's.
import { describe, expect, it } from "vitest";
import type { ResourceDefinition } from "../resources/types";
import { bucketsOf } from "./fileCleanup";

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
    const avatar = {
      name: "avatar_url",
      label: "Avatar",
      type: "image" as const,
      bucket: "avatars",
      fileColumn: { schema: "public", table: "profiles" },
    };
    expect(bucketsOf(def([avatar]))).toEqual([]);
  });
});
