// @vitest-environment jsdom
// The console's auth check on a slow or absent server (issue 27 C2): it does not wait for the
// permissions (the frame shows at once), and a session refresh that got no answer waits for the
// server instead of sending the operator to sign in with "Your session has ended".
import { AuthRetryableFetchError } from "@supabase/auth-js";
import type { SupabaseClient } from "@supabase/supabase-js";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createAuthProvider } from "./authProvider";
import { rememberKind } from "./backendKind";
import { PermissionStore } from "./permissions";

const SESSION = { user: { id: "ada" }, access_token: "token" };

function authWith(answers: (() => { data: { session: unknown }; error: unknown })[]) {
  const getSession = vi.fn(async () => (answers.length > 1 ? answers.shift() : answers[0])?.());
  return { client: { auth: { getSession, signOut: vi.fn() } } as unknown as SupabaseClient, getSession };
}

describe("the auth check", () => {
  // Whether the project has Opsdesk is remembered in localStorage (backendKind.ts): each test starts unknown.
  beforeEach(() => localStorage.clear());

  it("opens the console without waiting for the permissions, and checks again when they come back empty", async () => {
    const { client } = authWith([() => ({ data: { session: SESSION }, error: null })]);
    let answer: (rows: []) => void = () => {};
    const store = new PermissionStore({
      currentUserId: async () => "ada",
      load: () => new Promise((resolve) => (answer = resolve)),
      onUserChange: () => {},
    });
    const checkAgain = vi.fn();
    const provider = createAuthProvider(client, store, checkAgain, async () => {});
    await expect(provider.check()).resolves.toEqual({ authenticated: true });
    answer([]);
    await vi.waitFor(() => expect(checkAgain).toHaveBeenCalled());
    await expect(provider.check()).resolves.toMatchObject({ authenticated: false, logout: true });
  });

  it("keeps the session on a project without Opsdesk: no one holds rows, the console shows how to install it", async () => {
    // Fails on the old code, which signed everyone out there (or ran the compiled demo instead).
    rememberKind("missing");
    const { client } = authWith([() => ({ data: { session: SESSION }, error: null })]);
    const store = new PermissionStore({
      currentUserId: async () => "ada",
      load: async () => [],
      onUserChange: () => {},
    });
    const checkAgain = vi.fn();
    const provider = createAuthProvider(client, store, checkAgain, async () => {});
    await expect(provider.check()).resolves.toEqual({ authenticated: true });
    await store.get();
    await expect(provider.check()).resolves.toEqual({ authenticated: true });
    expect(checkAgain).not.toHaveBeenCalled();
    expect(client.auth.signOut).not.toHaveBeenCalled();
  });

  it("waits for the server when the session's refresh got no answer, then goes on", async () => {
    const noAnswer = new AuthRetryableFetchError("Failed to fetch", 0);
    const { client, getSession } = authWith([
      () => ({ data: { session: null }, error: noAnswer }),
      () => ({ data: { session: SESSION }, error: null }),
    ]);
    const store = new PermissionStore({
      currentUserId: async () => "ada",
      load: async () => [{ resource: "products", action: "list" }],
      onUserChange: () => {},
    });
    let back: () => void = () => {};
    const serverAnswers = vi.fn(() => new Promise<void>((resolve) => (back = resolve)));
    const checked = createAuthProvider(client, store, () => {}, serverAnswers).check();
    await vi.waitFor(() => expect(serverAnswers).toHaveBeenCalledTimes(1));
    expect(getSession).toHaveBeenCalledTimes(1);
    back();
    await expect(checked).resolves.toEqual({ authenticated: true });
    expect(getSession).toHaveBeenCalledTimes(2);
  });
});
