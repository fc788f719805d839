// The resources of the moment: a definition marked `nested` (the demo's order items, under their
// order) is kept out of the menu, yet found by name and routed like the others.
import { afterEach, describe, expect, it } from "vitest";
import { consoleResources, findResource, setLiveResources } from "../resources";
import { demoResources } from "./demoSchema";

describe("setLiveResources", () => {
  afterEach(async () => setLiveResources(await demoResources()));

  it("keeps a nested resource out of the menu and still finds it", async () => {
    setLiveResources(await demoResources());
    const { menu, nested } = consoleResources();
    expect(menu.map((d) => d.name)).not.toContain("order_items");
    expect(menu.map((d) => d.name)).toContain("orders");
    expect(nested.map((d) => d.name)).toEqual(["order_items"]);
    expect(findResource("order_items")?.name).toBe("order_items");
  });
});

describe("the demo's overrides", () => {
  it("let the category's slug be left empty: the store's trigger (app.categories_default_slug) fills it", async () => {
    const categories = (await demoResources()).find((d) => d.name === "categories");
    expect(categories?.fields.find((f) => f.name === "slug")).toMatchObject({
      required: false,
      help: "Leave empty to derive it from the name.",
    });
  });
});
