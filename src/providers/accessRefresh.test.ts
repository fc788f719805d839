import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { accessTopic, createAccessRefresh, endsAccess, watchAccess } from "./accessRefresh";
import { type PermissionRow, PermissionStore } from "./permissions";

/** A store over a matrix the test changes, and a query client that records invalidations. */
function setup(rows: PermissionRow[]) {
  const matrix = { rows };
  const load = vi.fn(async () => matrix.rows);
  const store = new PermissionStore({ currentUserId: async () => "user-1", load, onUserChange: () => {} });
  const queryClient = new QueryClient();
  const invalidated = vi.spyOn(queryClient, "invalidateQueries");
  return { matrix, load, store, refresh: createAccessRefresh(store, queryClient), invalidated };
}

const EDITOR: PermissionRow[] = [
  { resource: "products", action: "list" },
  { resource: "products", action: "create" },
];

describe("createAccessRefresh", () => {
  it("asks the server again and re-asks every access question", async () => {
    const { store, refresh, load, invalidated } = setup(EDITOR);
    await store.get();
    await refresh();
    expect(load).toHaveBeenCalledTimes(2);
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ["access"] });
  });

  it("with ifChanged, leaves the console alone when the permissions are what it holds", async () => {
    const { store, refresh, load, invalidated } = setup(EDITOR);
    await store.get();
    await refresh({ ifChanged: true });
    expect(load).toHaveBeenCalledTimes(2);
    expect(invalidated).not.toHaveBeenCalled();
  });

  it("with ifChanged, re-asks when the permissions changed meanwhile (a demotion before the watch joined)", async () => {
    const { matrix, store, refresh, invalidated } = setup(EDITOR);
    await store.get();
    matrix.rows = [{ resource: "products", action: "list" }];
    await refresh({ ifChanged: true });
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ["access"] });
    expect(await store.get()).toEqual(new Set(["products:list"]));
  });

  it("keeps answering with the held permissions while it asks again, then holds the new ones", async () => {
    const { matrix, load, store, refresh } = setup(EDITOR);
    await store.get();
    let answer: (rows: PermissionRow[]) => void = () => {};
    load.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const refreshed = refresh();
    // A screen asking meanwhile (the watch's join at sign-in) gets the held rows at once.
    expect(await store.get()).toEqual(new Set(["products:list", "products:create"]));
    matrix.rows = [{ resource: "products", action: "list" }];
    answer(matrix.rows);
    await refreshed;
    expect(await store.get()).toEqual(new Set(["products:list"]));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("never lets an older answer replace a newer one", async () => {
    const { load, store } = setup(EDITOR);
    await store.get();
    const answers: ((rows: PermissionRow[]) => void)[] = [];
    load.mockImplementation(() => new Promise((resolve) => answers.push(resolve)));
    const older = store.reload();
    const newer = store.reload();
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]([{ resource: "orders", action: "list" }]);
    await newer;
    answers[0]([{ resource: "products", action: "list" }]);
    await older;
    expect(await store.get()).toEqual(new Set(["orders:list"]));
  });

  it("keeps the held permissions when asking again fails", async () => {
    const { load, store, refresh, invalidated } = setup(EDITOR);
    await store.get();
    load.mockRejectedValueOnce(new Error("offline"));
    await refresh();
    expect(await store.get()).toEqual(new Set(["products:list", "products:create"]));
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ["access"] });
  });
});

describe("endsAccess", () => {
  const staff = (operation: string, record: Record<string, unknown> | null) => ({
    schema: "opsdesk",
    table: "operators",
    operation,
    record,
    old_record: { active: true },
  });

  it("is false for the compiled demo's staff row, which no longer exists", () => {
    expect(endsAccess({ schema: "public", table: "staff", operation: "DELETE", record: null })).toBe(false);
  });

  it("is true for the operator's own opsdesk.operators row deactivated or removed", () => {
    const operator = (operation: string, record: Record<string, unknown> | null) => ({
      operation,
      table: "operators",
      record,
    });
    expect(endsAccess(operator("UPDATE", { active: false }))).toBe(true);
    expect(endsAccess(operator("DELETE", null))).toBe(true);
    expect(endsAccess(operator("UPDATE", { active: true }))).toBe(false);
    expect(endsAccess({ operation: "UPDATE" })).toBe(false);
  });

  it("is false for a role change, a reactivation, a matrix change or anything else", () => {
    expect(endsAccess(staff("UPDATE", { active: true, role: "viewer" }))).toBe(false);
    expect(endsAccess({ table: "permissions", operation: "DELETE", record: null })).toBe(false);
    expect(endsAccess(null)).toBe(false);
    expect(endsAccess("staff")).toBe(false);
  });
});

/** A supabase client whose access channel the test joins, fails or closes by hand. */
function fakeClient(userId: string) {
  let status: (status: string) => void = () => {};
  const channel = {
    state: "joining",
    on: () => channel,
    subscribe: (callback: (status: string) => void) => {
      status = callback;
      return channel;
    },
  };
  const client = {
    auth: {
      onAuthStateChange: (callback: (event: string, session: unknown) => void) =>
        callback("INITIAL_SESSION", { user: { id: userId } }),
      getUser: async () => ({ error: null }),
    },
    channel: vi.fn(() => channel),
    removeChannel: async () => undefined,
    realtime: { setAuth: async () => undefined },
  };
  const opened = () => vi.waitFor(() => expect(client.channel).toHaveBeenCalled());
  const join = (next: "SUBSCRIBED" | "CHANNEL_ERROR") => {
    channel.state = next === "SUBSCRIBED" ? "joined" : "errored";
    status(next);
  };
  return { client: client as unknown as Parameters<typeof watchAccess>[0], opened, join };
}

describe("watchAccess: the first permission read and the join", () => {
  it("reads once: the first read waits for the join, and the join asks nothing more", async () => {
    const { client, opened, join } = fakeClient("user-1");
    const load = vi.fn(async () => EDITOR);
    const queryClient = new QueryClient();
    const watching: { watch?: ReturnType<typeof watchAccess> } = {};
    const store = new PermissionStore({ currentUserId: async () => "user-1", load, onUserChange: () => {} }, (id) =>
      (watching.watch as ReturnType<typeof watchAccess>).joined(id),
    );
    watching.watch = watchAccess(client, createAccessRefresh(store, queryClient), queryClient);
    const first = store.get();
    await opened();
    expect(load).not.toHaveBeenCalled();
    join("SUBSCRIBED");
    expect(await first).toEqual(new Set(["products:list", "products:create"]));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(load).toHaveBeenCalledTimes(1);
    // Joined already: a later first read (another user's cache dropped) goes at once.
    expect(await watching.watch.joined("user-1")).toBe(true);
  });

  it("asks once more at the join when a read went before it (its wait ran out, or the join failed)", async () => {
    const { client, opened, join } = fakeClient("user-1");
    const { load, store } = setup(EDITOR);
    const queryClient = new QueryClient();
    watchAccess(client, createAccessRefresh(store, queryClient), queryClient);
    await store.get();
    await opened();
    expect(load).toHaveBeenCalledTimes(1);
    join("SUBSCRIBED");
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });
});

describe("accessTopic", () => {
  it("is Opsdesk's channel", () => {
    expect(accessTopic("u1")).toBe("opsdesk:access:u1");
  });
});
