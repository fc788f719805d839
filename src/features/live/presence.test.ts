import { describe, expect, it } from "vitest";
import { parseViewers, presenceCallsOf, presentTabs, stillPresent } from "../../providers/recordViewers";
import { initialsOf, othersIn, recordTopic } from "./presence";

describe("othersIn", () => {
  it("leaves out the operator and merges each person's entries, editing winning over viewing", () => {
    const viewers = [
      { userId: "me", name: "Me", mode: "editing" as const, tabs: ["t1"] },
      { userId: "ada", name: "Ada Admin", mode: "viewing" as const, tabs: ["t2"] },
      { userId: "ada", name: "Ada Admin", mode: "editing" as const, tabs: ["t3"] },
      { userId: "bob", name: "Bob Viewer", mode: "viewing" as const, tabs: ["t4"] },
    ];
    expect(othersIn(viewers, "me")).toEqual([
      { userId: "ada", name: "Ada Admin", mode: "editing" },
      { userId: "bob", name: "Bob Viewer", mode: "viewing" },
    ]);
  });
});

describe("parseViewers", () => {
  it("takes the database's answer", () => {
    expect(parseViewers({ viewers: [{ user_id: "u1", name: " Ada ", mode: "editing" }], version: 3 })).toEqual({
      viewers: [{ userId: "u1", name: "Ada", mode: "editing", tabs: [] }],
      version: 3,
    });
  });

  it.each([
    ["a number as name", { user_id: "u1", name: 42, mode: "viewing" }],
    ["an object as name", { user_id: "u1", name: { toString: null }, mode: "viewing" }],
    ["no user id", { name: "Ada", mode: "viewing" }],
    ["an unknown mode", { user_id: "u1", name: "Ada", mode: "owning" }],
    ["an empty name", { user_id: "u1", name: "  ", mode: "viewing" }],
    ["null", null],
  ])("drops an entry with %s, keeping the others", (_, entry) => {
    const update = parseViewers({ viewers: [entry, { user_id: "u2", name: "Bob", mode: "viewing" }], version: 1 });
    expect(update?.viewers).toEqual([{ userId: "u2", name: "Bob", mode: "viewing", tabs: [] }]);
  });

  it.each([
    ["nothing", undefined],
    ["a string", "viewers"],
    ["no list", { viewers: "x", version: 1 }],
    ["no version", { viewers: [] }],
    ["a huge list", { viewers: Array.from({ length: 10_000 }, () => ({})), version: 1 }],
  ])("refuses %s", (_, payload) => expect(parseViewers(payload)).toBeNull());

  it("cuts a very long name", () => {
    const update = parseViewers({
      viewers: [{ user_id: "u", name: "x".repeat(100_000), mode: "viewing" }],
      version: 1,
    });
    expect(update?.viewers[0].name).toHaveLength(200);
  });
});

describe("presence of tabs", () => {
  const ada = { userId: "ada", name: "Ada", mode: "viewing" as const, tabs: ["a1", "a2"] };
  it("keeps a viewer while one of their tabs is present, and everyone before the first sync", () => {
    expect(stillPresent([ada], new Set(["a2"]))).toEqual([ada]);
    expect(stillPresent([ada], new Set(["b1"]))).toEqual([]);
    expect(stillPresent([ada], null)).toEqual([ada]);
  });

  it("reads only tab ids from a presence state, whatever else it holds", () => {
    const state = {
      k1: [{ tabs: ["a1", 7, { x: 1 }, "x".repeat(500)] }, null, "junk"],
      k2: "not a list",
      k3: [{ name: "Ada Admin", user_id: "ada", tabs: "a2" }],
    };
    expect([...presentTabs(state)]).toEqual(["a1"]);
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
  it("names the record's channel in opsdesk's scheme, a resource without its table in public", () =>
    expect(recordTopic("products", 42)).toBe("opsdesk:record:public:products:42"));
});

describe("a record's presence on a generated table (opsdesk.record_presence)", () => {
  const recorder = () => {
    const calls: { schema: string; fn: string; args: Record<string, unknown> }[] = [];
    const rpcIn = (schema: string) => (fn: string, args: Record<string, unknown>) => {
      calls.push({ schema, fn, args });
      return Promise.resolve({ data: null, error: null });
    };
    const client = { rpc: rpcIn("public"), schema: (name: string) => ({ rpc: rpcIn(name) }) };
    return { calls, client: client as unknown as Parameters<typeof presenceCallsOf>[0] };
  };

  it("names the table's schema in the topic and calls opsdesk's functions with it", async () => {
    const topic = recordTopic("billing.invoices", "2026-7:a", { schema: "billing", name: "invoices" });
    expect(topic).toBe("opsdesk:record:billing:invoices:2026-7:a");
    const { calls, client } = recorder();
    const presence = presenceCallsOf(client, topic);
    await presence.announce("tab-1", "editing");
    await presence.leave("tab-1");
    expect(calls).toEqual([
      {
        schema: "opsdesk",
        fn: "record_presence",
        args: { schema_name: "billing", table_name: "invoices", record_id: "2026-7:a", tab: "tab-1", mode: "editing" },
      },
      {
        schema: "opsdesk",
        fn: "record_presence_leave",
        args: { schema_name: "billing", table_name: "invoices", record_id: "2026-7:a", tab: "tab-1" },
      },
    ]);
  });

  it("calls opsdesk's record_presence for the demo's tables too (no public record_presence any more)", async () => {
    const { calls, client } = recorder();
    await presenceCallsOf(client, recordTopic("products", 42)).announce("tab-1", "viewing");
    expect(calls).toEqual([
      {
        schema: "opsdesk",
        fn: "record_presence",
        args: { schema_name: "public", table_name: "products", record_id: "42", tab: "tab-1", mode: "viewing" },
      },
    ]);
  });
});
