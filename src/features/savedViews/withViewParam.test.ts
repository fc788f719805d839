// The saved view's URL parameter is written beside Refine's table state without re-spelling it.
import { describe, expect, it } from "vitest";
import { withViewParam } from "./useListView";

const REFINE = "?pageSize=25&currentPage=1&sorters[0][field]=price&filters[0][value][0]=archived";

describe("withViewParam", () => {
  it("adds the view and leaves Refine's parameters exactly as written (bare brackets)", () => {
    expect(withViewParam(REFINE, "9954e98b")).toBe(`${REFINE}&view=9954e98b`);
  });

  it("replaces a view already named, and removes it when none is in use", () => {
    expect(withViewParam(`${REFINE}&view=old`, "new")).toBe(`${REFINE}&view=new`);
    expect(withViewParam(`?view=old&${REFINE.slice(1)}`, undefined)).toBe(REFINE);
    expect(withViewParam("?view=old", undefined)).toBe("");
    expect(withViewParam("", "a b")).toBe("?view=a%20b");
  });
});
