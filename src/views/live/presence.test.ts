import { describe, expect, it } from "vitest";
import { getResource, setLiveResources } from "../../resources";
import { initialsOf, othersIn, recordTopic } from "./presence";

describe("othersIn", () => {
  it("leaves out the operator and merges each person's tabs, editing winning over viewing", () => {
    const state = {
      me: [{ user_id: "me", name: "Me", mode: "editing" as const }],
      ada: [
        { user_id: "ada", name: "Ada Admin", mode: "viewing" as const },
        { user_id: "ada", name: "Ada Admin", mode: "editing" as const },
      ],
      bob: [{ user_id: "bob", name: "Bob Viewer", email: "bob@example.com", mode: "viewing" as const }],
    };
    expect(othersIn(state, "me")).toEqual([
      { userId: "ada", name: "Ada Admin", email: undefined, mode: "editing" },
      { userId: "bob", name: "Bob Viewer", email: "bob@example.com", mode: "viewing" },
    ]);
  });

  it("falls back to the e-mail, then the key, for a name", () => {
    expect(othersIn({ x: [{ email: "x@example.com" }], y: [{}] }, "me").map((o) => o.name)).toEqual([
      "x@example.com",
      "y",
    ]);
  });

  it("ignores keys without members", () => {
    expect(othersIn({ gone: [] }, "me")).toEqual([]);
  });
});

describe("initialsOf", () => {
  it.each([
    ["Ada Lovelace", "AL"],
    ["Grace Brewster Hopper", "GH"],
    ["editor@example.com", "E"],
    ["plato", "P"],
    ["", "?"],
  ])("%s → %s", (name, initials) => expect(initialsOf(name)).toBe(initials));
});

describe("recordTopic", () => {
  it("names the record's channel", () => expect(recordTopic("products", 42)).toBe("record:products:42"));

  it("names a generated table's record channel as the project's Opsdesk does", () => {
    setLiveResources([{ ...getResource("products"), name: "crm.deals", table: { schema: "crm", name: "deals" } }]);
    try {
      expect(recordTopic("crm.deals", "a%2Cb,7")).toBe("opsdesk:record:crm:deals:a%2Cb,7");
    } finally {
      setLiveResources(undefined);
    }
  });
});
