import { describe, expect, it } from "vitest";
import { createDraftStore, DRAFT_DAYS, type Draft, type Tabs } from "./drafts";

/** localStorage's interface over a Map (one per browser: its tabs share it). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

/** The browser's open tabs, which the test opens and closes. */
function browserTabs() {
  const open = new Set<string>();
  const tab = (id: string): Tabs => {
    open.add(id);
    return { id, live: async () => new Set(open) };
  };
  return { tab, close: (id: string) => open.delete(id) };
}

const draft = (change: Partial<Draft> = {}): Omit<Draft, "tab"> => ({
  resource: "products",
  recordId: "7",
  values: { name: "Aquarium pump", price: 12.5 },
  writeKey: "key-1",
  sent: false,
  savedAt: 1_000,
  ...change,
});

describe("drafts", () => {
  it("keeps a record form's draft per operator, and the same tab finds it after a reload", async () => {
    const storage = memoryStorage();
    const { tab } = browserTabs();
    createDraftStore(storage, tab("a"), () => 2_000).put("ada", draft());
    const reloaded = createDraftStore(storage, tab("a"), () => 2_000);
    expect((await reloaded.find("ada", "products", "7"))?.values).toEqual({ name: "Aquarium pump", price: 12.5 });
    expect(await reloaded.find("bob", "products", "7")).toBeUndefined();
    expect(await reloaded.find("ada", "products", "8")).toBeUndefined();
  });

  it("never takes a draft another open tab is working on; takes it over once that tab is gone", async () => {
    const storage = memoryStorage();
    const { tab, close } = browserTabs();
    createDraftStore(storage, tab("a"), () => 2_000).put("ada", draft({ sent: true }));
    const second = createDraftStore(storage, tab("b"), () => 2_000);
    expect(await second.find("ada", "products", "7")).toBeUndefined();
    close("a");
    expect(await second.find("ada", "products", "7")).toMatchObject({ writeKey: "key-1", sent: true, tab: "b" });
    // Taken over: a third tab opening the form now leaves it to the second.
    const third = createDraftStore(storage, tab("c"), () => 2_000);
    expect(await third.find("ada", "products", "7")).toBeUndefined();
  });

  it("drops a draft once its save was made, even after its form was left", async () => {
    const store = createDraftStore(memoryStorage(), browserTabs().tab("a"), () => 2_000);
    store.put("ada", draft({ sent: true }));
    store.startSending("key-1");
    expect([...store.sending()]).toEqual(["key-1"]);
    store.saved("key-1");
    expect(await store.find("ada", "products", "7")).toBeUndefined();
    expect(store.sending().size).toBe(0);
  });

  it("keeps a refused save's draft, no longer marked as sent", async () => {
    const store = createDraftStore(memoryStorage(), browserTabs().tab("a"), () => 2_000);
    store.put("ada", draft({ sent: true }));
    store.startSending("key-1");
    store.refused("key-1");
    expect(await store.find("ada", "products", "7")).toMatchObject({ sent: false, values: { name: "Aquarium pump" } });
  });

  it("gives a form no draft whose save this tab is sending: the newest other one of a create form", async () => {
    const store = createDraftStore(memoryStorage(), browserTabs().tab("a"), () => 5_000);
    store.put("ada", draft({ recordId: undefined, writeKey: "old", savedAt: 1_000 }));
    store.put("ada", draft({ recordId: undefined, writeKey: "new", savedAt: 2_000 }));
    expect((await store.find("ada", "products"))?.writeKey).toBe("new");
    store.startSending("new");
    expect((await store.find("ada", "products"))?.writeKey).toBe("old");
    store.put("ada", draft({ writeKey: "edit" }));
    store.startSending("edit");
    expect(await store.find("ada", "products", "7")).toBeUndefined();
  });

  it("forgets drafts older than the database keeps their keys, and everything of an operator who signs out", async () => {
    const storage = memoryStorage();
    const { tab } = browserTabs();
    createDraftStore(storage, tab("a")).put("ada", draft({ savedAt: 0 }));
    const later = createDraftStore(storage, tab("a"), () => DRAFT_DAYS * 86_400_000 + 1);
    expect(await later.find("ada", "products", "7")).toBeUndefined();
    expect(storage.length).toBe(0);
    later.put("ada", draft({ savedAt: DRAFT_DAYS * 86_400_000 }));
    later.put("bob", draft({ savedAt: DRAFT_DAYS * 86_400_000 }));
    later.clearUser("ada");
    expect(await later.find("ada", "products", "7")).toBeUndefined();
    expect(await later.find("bob", "products", "7")).toBeDefined();
  });

  it("survives storage that refuses to write", () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException("full", "QuotaExceededError");
    };
    const store = createDraftStore(storage, browserTabs().tab("a"));
    expect(() => store.put("ada", draft())).not.toThrow();
  });
});

describe("leaving an open form", () => {
  it("drops its draft when the operator chooses to leave, but not one whose save is on its way", async () => {
    const store = createDraftStore(memoryStorage(), browserTabs().tab("a"), () => 2_000);
    store.put("ada", draft());
    store.put("ada", draft({ recordId: "8", writeKey: "key-2", sent: true }));
    const bye = store.opened("ada", () => ({ resource: "products", recordId: "7", writeKey: "key-1" }));
    store.opened("ada", () => ({ resource: "products", recordId: "8", writeKey: "key-2" }));
    store.startSending("key-2");
    store.discardOpen();
    expect(await store.find("ada", "products", "7")).toBeUndefined();
    store.saved("unrelated");
    expect(store.sending().has("key-2")).toBe(true);
    bye();
  });
});
