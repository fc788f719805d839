// @vitest-environment jsdom
// The console's first reads go out with the session, side by side with the operator gate, and
// the console takes their answers instead of asking again: once, for the same user, while fresh.
import { createClient } from "@supabase/supabase-js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { consoleResources, findResource } from "../resources";
import { createAuthProvider } from "./authProvider";
import { rememberedKind, rememberKind } from "./backendKind";
import { createDataProvider } from "./dataProvider";
import {
  expectScreenReads,
  FRESH_MS,
  forgetFirstReads,
  IDENTITY,
  type RpcRead,
  rpcReadKey,
  startFirstRead,
  takeFirstRead,
} from "./firstReads";
import { forgetLiveSchema } from "./liveSchema";
import { finishSignIn, warmUp } from "./operatorGate";
import { PermissionStore, supabasePermissionSource } from "./permissions";
import { loadPreferenceRow } from "./preferenceRows";
import { signIn } from "./signIn";

afterEach(() => {
  forgetFirstReads();
  // The files share one page (vitest.config.ts): no project kind is left for the next one.
  localStorage.clear();
  vi.useRealTimers();
});

describe("first reads", () => {
  it("hands an answer over once, only to the user it was read for", async () => {
    startFirstRead("ada", IDENTITY, async () => "Ada's row");
    expect(takeFirstRead("bob", IDENTITY)).toBeUndefined();
    // Asked by another user, the answer is gone for good: nobody gets it later either.
    expect(takeFirstRead("ada", IDENTITY)).toBeUndefined();

    startFirstRead("ada", IDENTITY, async () => "Ada's row");
    await expect(takeFirstRead("ada", IDENTITY)).resolves.toBe("Ada's row");
    expect(takeFirstRead("ada", IDENTITY)).toBeUndefined();
  });

  it("lets a stale answer go and reads afresh", () => {
    vi.useFakeTimers();
    startFirstRead("ada", IDENTITY, async () => "old row");
    vi.advanceTimersByTime(FRESH_MS + 1);
    expect(takeFirstRead("ada", IDENTITY)).toBeUndefined();
  });

  it("keeps a failed read for its taker to report, never as an unhandled rejection", async () => {
    startFirstRead("ada", IDENTITY, async () => {
      throw new Error("offline");
    });
    await Promise.resolve();
    await expect(takeFirstRead("ada", IDENTITY)).rejects.toThrow("offline");
  });
});

/** An unsigned JWT: supabase-js reads the claims (aal) but never checks the signature. */
const fakeJwt = (sub: string) =>
  [{ alg: "HS256", typ: "JWT" }, { sub, aal: "aal1", role: "authenticated", exp: 4102444800 }, "sig"]
    .map((part) => (typeof part === "string" ? part : btoa(JSON.stringify(part)).replace(/=+$/, "")))
    .join(".");

/** A backend that answers an operator's sign-in (Opsdesk installed, unless not) and counts each request by path. */
function stagedBackend(userId: string, { installed = true } = {}) {
  const asked: string[] = [];
  const answers: Record<string, unknown> = {
    "/auth/v1/token": {
      access_token: fakeJwt(userId),
      token_type: "bearer",
      expires_in: 3600,
      expires_at: 4102444800,
      refresh_token: "refresh",
      user: { id: userId, email: "ada@example.com", aud: "authenticated", factors: [] },
    },
    "/rest/v1/rpc/my_access": {
      role: "admin",
      active: true,
      is_admin: true,
      permissions: { "public.orders": ["list"] },
    },
    "/rest/v1/rpc/describe": { version: "1", tables: [] },
    "/rest/v1/operators": [{ full_name: "Ada Admin", role: "admin" }],
    "/rest/v1/preferences": [{ theme: "dark", locale: "de" }],
    "/rest/v1/rpc/dashboard_kpis": { orders_today: 7 },
  };
  const client = createClient("http://stack.test", "anon-key", {
    auth: { persistSession: true, autoRefreshToken: false, storageKey: `test-${userId}` },
    realtime: { transport: WebSocket as never },
    global: {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input instanceof Request ? input.url : input)).pathname;
        asked.push(path);
        const profile =
          new Headers(init?.headers).get("Accept-Profile") ?? new Headers(init?.headers).get("Content-Profile");
        // A project without Opsdesk: PostgREST does not expose the schema.
        if (!installed && profile === "opsdesk")
          return Response.json({ code: "PGRST106", message: "Invalid schema: opsdesk" }, { status: 406 });
        if (!(path in answers)) return Response.json({ message: `unexpected ${path}` }, { status: 500 });
        return Response.json(answers[path]);
      },
    },
  });
  return { client, asked, times: (path: string) => asked.filter((p) => p === path).length };
}

describe("a sign-in", () => {
  beforeEach(() => {
    localStorage.clear();
    forgetLiveSchema();
  });

  it("starts the first screen's reads with the session, and the console asks for none of them again", async () => {
    rememberKind("opsdesk");
    const { client, asked, times } = stagedBackend("ada-id");
    const permissions = new PermissionStore(supabasePermissionSource(client));
    const kpis: RpcRead = { rpc: "dashboard_kpis", args: {} };
    expectScreenReads([kpis], () => true);

    const credentials = { email: "ada@example.com", password: "pw" };
    await expect(signIn(client.auth, credentials, () => finishSignIn(client, permissions))).resolves.toEqual({
      ok: true,
    });
    // All went out before the console asked for anything: the gate did not hold them back.
    await vi.waitFor(() =>
      expect(new Set(asked)).toEqual(
        new Set([
          "/auth/v1/token",
          "/rest/v1/rpc/my_access",
          "/rest/v1/rpc/describe",
          "/rest/v1/operators",
          "/rest/v1/preferences",
          "/rest/v1/rpc/dashboard_kpis",
        ]),
      ),
    );

    // The console mounts: identity, preferences and the dashboard's RPC come from those answers.
    const identity = await createAuthProvider(client, permissions, () => undefined).getIdentity?.();
    expect(identity).toMatchObject({ id: "ada-id", name: "Ada Admin", role: "admin" });
    await expect(loadPreferenceRow(client)).resolves.toEqual({ theme: "dark", locale: "de" });
    const custom = createDataProvider(client, findResource).custom;
    await expect(custom?.({ url: "rpc/dashboard_kpis", method: "get", query: {} })).resolves.toEqual({
      data: { orders_today: 7 },
    });
    for (const path of ["/rest/v1/operators", "/rest/v1/preferences", "/rest/v1/rpc/dashboard_kpis"]) {
      expect(times(path), path).toBe(1);
    }

    // Later calls (a refetch, the next visit) ask the backend again.
    await custom?.({ url: "rpc/dashboard_kpis", method: "get", query: {} });
    expect(times("/rest/v1/rpc/dashboard_kpis")).toBe(2);
    expect(takeFirstRead("ada-id", rpcReadKey(kpis))).toBeUndefined();
  });

  it("on a project without Opsdesk, lets the session through to the install screen and reads none of its tables", async () => {
    const { client, times } = stagedBackend("bob-id", { installed: false });
    const permissions = new PermissionStore(supabasePermissionSource(client));
    expectScreenReads([{ rpc: "dashboard_kpis", args: {} }], () => consoleResources().state === "installed");
    const credentials = { email: "ada@example.com", password: "pw" };
    await expect(signIn(client.auth, credentials, () => finishSignIn(client, permissions))).resolves.toEqual({
      ok: true,
    });
    expect(rememberedKind()).toBe("missing");
    await vi.waitFor(() => expect(consoleResources().state).toBe("missing"));
    expect(times("/rest/v1/rpc/dashboard_kpis")).toBe(0);
  });

  it("makes no read for a screen the project does not have, and invents no answer: the screen asks itself", async () => {
    rememberKind("opsdesk");
    const { client, times } = stagedBackend("cy-id");
    await client.auth.signInWithPassword({ email: "cy@example.com", password: "pw" });
    const permissions = new PermissionStore(supabasePermissionSource(client));
    expectScreenReads([{ rpc: "dashboard_kpis", args: {} }], () => false);
    await warmUp(client, permissions);
    await vi.waitFor(() => expect(times("/rest/v1/rpc/describe")).toBe(1));
    expect(times("/rest/v1/rpc/dashboard_kpis")).toBe(0);
    // The backend's own answer reaches the screen, not one the console made up.
    const custom = createDataProvider(client, findResource).custom;
    await expect(custom?.({ url: "rpc/dashboard_kpis", method: "get", query: {} })).resolves.toEqual({
      data: { orders_today: 7 },
    });
    expect(times("/rest/v1/rpc/dashboard_kpis")).toBe(1);
  });
});
