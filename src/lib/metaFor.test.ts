// The meta the screens build from a definition is the meta the providers read back.
import { describe, expect, it } from "vitest";
import { getResource } from "../resources";
import { resourceMetaOf } from "./resourceMeta";
import { metaFor } from "./select";

const products = getResource("products");

describe("resourceMetaOf", () => {
  it("reads back what metaFor wrote", () => {
    const operators = { ...products, name: "operators", idColumn: "user_id" };
    for (const def of [products, operators]) expect(resourceMetaOf(metaFor(def))).toEqual(metaFor(def));
    expect(resourceMetaOf(metaFor(products)).search).toEqual({ rpc: "search_products" });
    expect(resourceMetaOf(metaFor(products)).defaultSort).toEqual(products.list.defaultSort);
    expect(resourceMetaOf(metaFor(operators)).idColumnName).toBe("user_id");
  });

  it("reads a call without meta as no settings", () => {
    expect(resourceMetaOf(undefined)).toEqual({});
  });
});
