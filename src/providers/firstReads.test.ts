// @vitest-environment jsdom
// The console's first reads go out with the session, side by side with the staff gate, and
// the console takes their answers instead of asking again: once, for the same user, while fresh.
import { createClient } from "@supabase/supabase-js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { findResource } from "../resources";
import { createAuthProvider } from "./authProvider";
import { rememberKind } from "./backendKind";
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
import { PermissionStore, supabasePermissionSource } from "./permissions";
import { loadPreferenceRow } from "./preferenceRows";
import { signIn } from "./signIn";
import { finishSignIn, warmUp } from "./staffGate";

afterEach(() => {
  forgetFirstReads();
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

/** A backend that answers a staff sign-in and counts each request by path. */
function stagedBackend(userId: string) {
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
    "/rest/v1/rpc/my_permissions": [{ resource: "products", action: "list" }],
    "/rest/v1/staff": [{ full_name: "Ada Admin", role: "admin" }],
    "/rest/v1/operator_preferences": [{ theme: "dark", locale: "de" }],
    "/rest/v1/rpc/dashboard_kpis": { orders_today: 7 },
  };
  const client = createClient("http://stack.test", "anon-key", {
    auth: { persistSession: true, autoRefreshToken: false, storageKey: `test-${userId}` },
    realtime: { transport: WebSocket as never },
    global: {
      fetch: async (input: RequestInfo | URL) => {
        const path = new URL(String(input instanceof Request ? input.url : input)).pathname;
        asked.push(path);
        // The demo's project has no Opsdesk installed: PostgREST knows neither function.
        if (["/rest/v1/rpc/my_access", "/rest/v1/rpc/describe", "/rest/v1/rpc/schema_version"].includes(path)) {
          return Response.json({ code: "PGRST106", message: "Invalid schema: opsdesk" }, { status: 406 });
        }
        if (!(path in answers)) return Response.json({ message: `unexpected ${path}` }, { status: 500 });
        return Response.json(answers[path]);
      },
    },
  });
  return { client, asked, times: (path: string) => asked.filter((p) => p === path).length };
}

describe("a sign-in", () => {
  beforeEach(() => localStorage.clear());

  it("starts the first screen's reads with the session, and the console asks for none of them again", async () => {
    // The demo's project as this browser knows it (providers/backendKind.ts): no Opsdesk.
    rememberKind("compiled");
    const { client, asked, times } = stagedBackend("ada-id");
    const permissions = new PermissionStore(supabasePermissionSource(client));
    const kpis: RpcRead = { rpc: "dashboard_kpis", args: {} };
    expectScreenReads([kpis]);

    const credentials = { email: "ada@example.com", password: "pw" };
    await expect(signIn(client.auth, credentials, () => finishSignIn(client, permissions))).resolves.toEqual({
      ok: true,
    });
    // All went out before the console asked for anything: the gate did not hold them back.
    expect(new Set(asked)).toEqual(
      new Set([
        "/auth/v1/token",
        // Whether Opsdesk has been installed since is asked behind the rest (providers/liveSchema.ts).
        "/rest/v1/rpc/schema_version",
        "/rest/v1/rpc/my_permissions",
        "/rest/v1/staff",
        "/rest/v1/operator_preferences",
        "/rest/v1/rpc/dashboard_kpis",
      ]),
    );

    // The console mounts: identity, preferences and the dashboard's RPC come from those answers.
    const identity = await createAuthProvider(client, permissions, () => undefined).getIdentity?.();
    expect(identity).toMatchObject({ id: "ada-id", name: "Ada Admin", role: "admin" });
    await expect(loadPreferenceRow(client)).resolves.toEqual({ theme: "dark", locale: "de" });
    const custom = createDataProvider(client, findResource).custom;
    await expect(custom?.({ url: "rpc/dashboard_kpis", method: "get", query: {} })).resolves.toEqual({
      data: { orders_today: 7 },
    });
    for (const path of ["/rest/v1/staff", "/rest/v1/operator_preferences", "/rest/v1/rpc/dashboard_kpis"]) {
      expect(times(path), path).toBe(1);
    }

    // Later calls (a refetch, the next visit) ask the backend again.
    await custom?.({ url: "rpc/dashboard_kpis", method: "get", query: {} });
    expect(times("/rest/v1/rpc/dashboard_kpis")).toBe(2);
    expect(takeFirstRead("ada-id", rpcReadKey(kpis))).toBeUndefined();
  });

  it("on a project seen for the first time, asks for Opsdesk first and the demo's first screen only without it", async () => {
    const { client, asked, times } = stagedBackend("bob-id");
    const permissions = new PermissionStore(supabasePermissionSource(client));
    expectScreenReads([{ rpc: "dashboard_kpis", args: {} }]);
    const credentials = { email: "ada@example.com", password: "pw" };
    await expect(signIn(client.auth, credentials, () => finishSignIn(client, permissions))).resolves.toEqual({
      ok: true,
    });
    await vi.waitFor(() => expect(times("/rest/v1/rpc/dashboard_kpis")).toBe(1));
    // my_access() answered "not installed" before the demo's functions were asked.
    expect(asked.indexOf("/rest/v1/rpc/my_access")).toBeLessThan(asked.indexOf("/rest/v1/rpc/my_permissions"));
    expect(asked.indexOf("/rest/v1/rpc/my_permissions")).toBeLessThan(asked.indexOf("/rest/v1/rpc/dashboard_kpis"));
  });

  it("on a project with Opsdesk, makes no demo read and invents no answer: the screen asks the backend itself", async () => {
    rememberKind("opsdesk");
    const { client, times } = stagedBackend("cy-id");
    await client.auth.signInWithPassword({ email: "cy@example.com", password: "pw" });
    const permissions = new PermissionStore(supabasePermissionSource(client));
    expectScreenReads([{ rpc: "dashboard_kpis", args: {} }]);
    await warmUp(client, permissions);
    expect(times("/rest/v1/rpc/dashboard_kpis")).toBe(0);
    // The backend's own answer reaches the screen, not one the console made up.
    const custom = createDataProvider(client, findResource).custom;
    await expect(custom?.({ url: "rpc/dashboard_kpis", method: "get", query: {} })).resolves.toEqual({
      data: { orders_today: 7 },
    });
    expect(times("/rest/v1/rpc/dashboard_kpis")).toBe(1);
  });
});
