// Which audit entries link to their record's page (recordPath.ts).
import { describe, expect, it } from "vitest";
import type { ResourceDefinition } from "../../resources/types";
import { recordPath } from "./recordPath";

const def = (extra: Partial<ResourceDefinition>) => ({ name: "products", ...extra }) as ResourceDefinition;

describe("recordPath", () => {
  it("opens the record's page by its id, under its route when it has one", () => {
    expect(recordPath(def({}), "42")).toBe("/products/42");
    expect(recordPath(def({ route: "catalog" }), "42")).toBe("/catalog/42");
  });

  it("has no page for a table without a show screen, keyed by another column, or unknown", () => {
    expect(recordPath(def({ screens: { show: false } }), "42")).toBeUndefined();
    expect(recordPath(def({ idColumn: "slug" }), "42")).toBeUndefined();
    expect(recordPath(undefined, "42")).toBeUndefined();
  });
});
