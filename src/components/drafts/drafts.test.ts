import { describe, expect, it } from "vitest";
import { createDraftStore, DRAFT_DAYS, type Draft } from "./drafts";

/** localStorage's interface over a Map. */
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

const draft = (change: Partial<Draft> = {}): Draft => ({
  resource: "products",
  recordId: "7",
  values: { name: "Aquarium pump", price: 12.5 },
  writeKey: "key-1",
  sent: false,
  savedAt: 1_000,
  ...change,
});

describe("drafts", () => {
  it("keeps a record form's draft per operator, and a reload finds it", () => {
    const storage = memoryStorage();
    createDraftStore(storage, () => 2_000).put("ada", draft());
    const again = createDraftStore(storage, () => 2_000);
    expect(again.find("ada", "products", "7")?.values).toEqual({ name: "Aquarium pump", price: 12.5 });
    expect(again.find("bob", "products", "7")).toBeUndefined();
    expect(again.find("ada", "products", "8")).toBeUndefined();
  });

  it("drops a draft once its save was made, even after its form was left", () => {
    const store = createDraftStore(memoryStorage(), () => 2_000);
    store.put("ada", draft({ sent: true }));
    store.startSending("key-1");
    expect([...store.sending()]).toEqual(["key-1"]);
    store.saved("key-1");
    expect(store.find("ada", "products", "7")).toBeUndefined();
    expect(store.sending().size).toBe(0);
  });

  it("keeps a refused save's draft, no longer marked as sent", () => {
    const store = createDraftStore(memoryStorage(), () => 2_000);
    store.put("ada", draft({ sent: true }));
    store.refused("key-1");
    expect(store.find("ada", "products", "7")).toMatchObject({ sent: false, values: { name: "Aquarium pump" } });
  });

  it("gives a create form the newest draft not being sent from this tab", () => {
    const store = createDraftStore(memoryStorage(), () => 5_000);
    store.put("ada", draft({ recordId: undefined, writeKey: "old", savedAt: 1_000 }));
    store.put("ada", draft({ recordId: undefined, writeKey: "new", savedAt: 2_000 }));
    expect(store.find("ada", "products")?.writeKey).toBe("new");
    store.startSending("new");
    expect(store.find("ada", "products")?.writeKey).toBe("old");
  });

  it("forgets drafts older than the database keeps their keys, and everything of an operator who signs out", () => {
    const storage = memoryStorage();
    createDraftStore(storage).put("ada", draft({ savedAt: 0 }));
    const later = createDraftStore(storage, () => DRAFT_DAYS * 86_400_000 + 1);
    expect(later.find("ada", "products", "7")).toBeUndefined();
    expect(storage.length).toBe(0);
    later.put("ada", draft({ savedAt: DRAFT_DAYS * 86_400_000 }));
    later.put("bob", draft({ savedAt: DRAFT_DAYS * 86_400_000 }));
    later.clearUser("ada");
    expect(later.find("ada", "products", "7")).toBeUndefined();
    expect(later.find("bob", "products", "7")).toBeDefined();
  });

  it("survives storage that refuses to write", () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException("full", "QuotaExceededError");
    };
    const store = createDraftStore(storage);
    expect(() => store.put("ada", draft())).not.toThrow();
  });
});

describe("leaving an open form", () => {
  it("drops its draft when the operator chooses to leave, but not one whose save is on its way", () => {
    const store = createDraftStore(memoryStorage(), () => 2_000);
    store.put("ada", draft());
    store.put("ada", draft({ recordId: "8", writeKey: "key-2", sent: true }));
    const bye = store.opened("ada", () => ({ resource: "products", recordId: "7", writeKey: "key-1" }));
    store.opened("ada", () => ({ resource: "products", recordId: "8", writeKey: "key-2" }));
    store.startSending("key-2");
    store.discardOpen();
    expect(store.find("ada", "products", "7")).toBeUndefined();
    expect(store.find("ada", "products", "8")).toBeDefined();
    bye();
  });
});
