// The meta the screens build from a definition is the meta the providers read back.
import { describe, expect, it } from "vitest";
import { products } from "../resources/products";
import { staff } from "../resources/staff";
import { resourceMetaOf } from "./resourceMeta";
import { metaFor } from "./select";

describe("resourceMetaOf", () => {
  it("reads back what metaFor wrote", () => {
    for (const def of [products, staff]) expect(resourceMetaOf(metaFor(def))).toEqual(metaFor(def));
    expect(resourceMetaOf(metaFor(products)).search).toEqual({ rpc: "search_products" });
    expect(resourceMetaOf(metaFor(products)).defaultSort).toEqual(products.list.defaultSort);
    expect(resourceMetaOf(metaFor(staff)).idColumnName).toBe("user_id");
  });

  it("reads a call without meta as no settings", () => {
    expect(resourceMetaOf(undefined)).toEqual({});
  });
});
