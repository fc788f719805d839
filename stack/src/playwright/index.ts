// The QA kit: Playwright fixtures for any Supabase project on the stack (docs/qa.md).
//
//   // playwright.config.ts:  use: { supabaseProject: "./supabase" }
//   import { test, expect } from "opsdesk-stack/playwright";
//   test("…", async ({ page, supabase, sql, signIn, createUser, mailbox, clock, faults }) => { … });
//
// Every test gets a fresh world — the project migrated and seeded, cloned — that no other
// test sees, so tests run in parallel in any order. The browser reaches the test's world
// at the Supabase URL the app is built with.
import path from "node:path";
import { type APIResponse, type BrowserContext, test as base, expect, type Page, type Route } from "@playwright/test";
import { createClient, type SupabaseClient, type User } from "@supabase/supabase-js";
import ms from "ms";
import pg from "pg";
import WebSocket from "ws";
import { loadConfig } from "../config/index.js";
import type { FaultMatch, FaultRule, WorldInfo } from "../worlds/protocol.js";
import { HostClient, HostError } from "./host-client.js";
import { type Arrived, describeWait, type Mail, type NextOptions, toMail } from "./mail.js";
import { WORLD_WAIT_ANNOTATION } from "./reporter.js";
import { type RoleAdapter, rolesFor } from "./roles.js";
import { type RelayedFrame, routeToWorld, type WorldRoute } from "./routing.js";

export { chromiumLaunchOptions, npmChromiumDir } from "./chromium.js";
export type { Mail, NextOptions, RelayedFrame, RoleAdapter };
export { expect };

/** A mistake in how the kit is used, worded for the person who made it. */
export class KitError extends Error {
  override name = "KitError";
}

/** A duration: milliseconds, or text such as "90s", "2h", "1d" (the `ms` package's). */
export type Duration = number | string;

export function toMs(duration: Duration, what: string): number {
  const value = typeof duration === "number" ? duration : ms(duration as ms.StringValue);
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new KitError(
      `${what}: "${duration}" is not a duration (use milliseconds, or text such as "90s", "2h", "1d")`,
    );
  }
  return value;
}

export interface KitOptions {
  /** The project's `supabase/` folder (or the folder holding it), relative to the config file. */
  supabaseProject: string | undefined;
  /**
   * The Supabase URL the app under test is built with; requests to it (and to the same
   * port on localhost / 127.0.0.1) reach the test's world. Default: the project's local
   * API, `http://127.0.0.1:<[api] port>` (54321).
   */
  supabaseUrl: string | undefined;
  /** The app's supabase-js `auth.storageKey`, when it sets one (default `sb-<ref>-auth-token`). */
  supabaseStorageKey: string | undefined;
  /** How `signIn({ role })` makes a user of a role (default: Opsdesk's operators, else the demo's staff table). */
  supabaseRoles: RoleAdapter | undefined;
}

export interface World extends WorldInfo {
  /** A new browser context routed to this world (closed when the test ends). */
  newContext(options?: Parameters<import("@playwright/test").Browser["newContext"]>[0]): Promise<BrowserContext>;
  /**
   * Every realtime frame relayed for `context` from now on. The kit relays a page's realtime
   * socket itself, so Playwright raises no "websocket" event for it: watch frames here.
   */
  onFrame(context: BrowserContext, listener: (frame: RelayedFrame) => void): Promise<void>;
  /**
   * In a test's own `page.route` handler for the app's Supabase URL: the world's answer to
   * the request (`route.fetch()` would fetch the app's address, which only the kit answers).
   */
  fetch(route: Route): Promise<APIResponse>;
}

export interface NewUser {
  email?: string;
  password?: string;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  /** Whether the e-mail is confirmed (default true, so the user can sign in). */
  confirmed?: boolean;
}

export interface CreatedUser {
  id: string;
  email: string;
  password: string;
  user: User;
}

export type SignInTarget = string | { id: string } | { email: string } | { role: string; email?: string };

export interface SignInOptions {
  /** The page whose context gets the session (default: the test's `page`). */
  page?: Page;
}

export interface SignedIn {
  page: Page;
  user: { id: string; email: string };
  session: { access_token: string; refresh_token: string; expires_at: number };
}

export type Sql = (<T extends pg.QueryResultRow = pg.QueryResultRow>(
  strings: TemplateStringsArray,
  ...values: unknown[]
) => Promise<T[]>) & {
  /** The same, as the superuser `postgres` (the SQL editor's role), e.g. for cron or auth tables. */
  superuser: <T extends pg.QueryResultRow = pg.QueryResultRow>(
    strings: TemplateStringsArray,
    ...values: unknown[]
  ) => Promise<T[]>;
};

export interface Mailbox {
  /** Waits until a mail matching `to` (and `subject`) arrives that this test has not taken yet. */
  next(options?: NextOptions): Promise<Mail>;
  /** Every mail of this world so far, oldest first. */
  all(): Promise<Mail[]>;
  /** The world's mail catcher, answering Mailpit's API (`${url}/api/v1/messages`), as the CLI's on 54324. */
  url: string;
}

export interface WorldClock {
  /** Moves the world forward: database now(), token expiry, OTP and link lifetimes, signed URLs, cron, and the test's pages. */
  advance(duration: Duration): Promise<Date>;
  /** The world's time now. */
  now(): Date;
}

export interface Faults {
  /** Answer matching requests with `status` (and `body`) instead of the service. */
  fail(match: RequestMatch, options?: { status?: number; body?: unknown; times?: number }): Promise<void>;
  /** Hold matching requests for `duration` before they go on. */
  delay(match: RequestMatch, duration: Duration, options?: { times?: number }): Promise<void>;
  /** Cut matching requests' connections without an answer. */
  drop(match: RequestMatch, options?: { times?: number }): Promise<void>;
  /** Closes every realtime WebSocket of this world (browsers' and Node clients'); resolves to how many. */
  dropRealtime(): Promise<number>;
  /** Every statement of the world's database waits `duration` first (until the test ends, or 0). */
  slowDatabase(duration: Duration): Promise<void>;
  /** Ends every fault now (they also end with the test). */
  clear(): Promise<void>;
}

export interface RequestMatch {
  /** rest, auth, storage, functions, realtime, mail, vectors */
  service?: string;
  /** The path from the API root, e.g. "/rest/v1/notes" (glob: `*` one segment, `**` any), or a RegExp. */
  path?: string | RegExp;
  method?: string;
}

interface KitWorkerFixtures {
  supabaseProject: string | undefined;
  _worldHost: HostClient;
}

interface KitTestFixtures {
  supabaseUrl: string | undefined;
  supabaseStorageKey: string | undefined;
  supabaseRoles: RoleAdapter | undefined;
  world: World;
  supabase: SupabaseClient;
  sql: Sql;
  signIn(target: SignInTarget, options?: SignInOptions): Promise<SignedIn>;
  createUser(user?: NewUser): Promise<CreatedUser>;
  mailbox: Mailbox;
  clock: WorldClock;
  faults: Faults;
  _kit: KitState;
}

/** What the fixtures of one test share. */
interface KitState {
  host: HostClient;
  info: WorldInfo;
  appUrl: string;
  storageKey: string;
  routes: Map<BrowserContext, WorldRoute>;
  /** Contexts with Playwright's clock installed (the `clock` fixture moves them). */
  clocks: Set<BrowserContext>;
  clockInUse: boolean;
  /** Offset of the world's clock from the real one. */
  offsetMs: number;
  route(context: BrowserContext): Promise<void>;
  ended: boolean;
  assertLive(what: string): void;
}

function defaultAppUrl(projectDir: string): string {
  const config = loadConfig(projectDir);
  return `http://127.0.0.1:${config.api.port}`;
}

/** supabase-js's default storage key: `sb-<first label of the URL's host>-auth-token`. */
export function storageKeyFor(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split(".")[0]}-auth-token`;
}

function randomEmail(prefix: string): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.test`;
}

function tagged(pool: pg.Pool) {
  return async <T extends pg.QueryResultRow>(strings: TemplateStringsArray, ...values: unknown[]): Promise<T[]> => {
    const text = strings.reduce((sql, part, i) => `${sql}$${i}${part}`);
    return (await pool.query<T>(text, values)).rows;
  };
}

export const test = base.extend<KitTestFixtures, KitWorkerFixtures>({
  supabaseProject: [undefined, { option: true, scope: "worker" }],
  supabaseUrl: [undefined, { option: true }],
  supabaseStorageKey: [undefined, { option: true }],
  supabaseRoles: [undefined, { option: true }],

  _worldHost: [
    async ({ supabaseProject }, use, workerInfo) => {
      if (!supabaseProject) {
        throw new KitError(
          'opsdesk-stack/playwright needs the project: set `use: { supabaseProject: "./supabase" }` in playwright.config.ts',
        );
      }
      const configDir = workerInfo.config.configFile ? path.dirname(workerInfo.config.configFile) : process.cwd();
      const host = await HostClient.connect({
        projectDir: path.resolve(configDir, supabaseProject),
        spares: Math.max(1, workerInfo.config.workers),
        idleMs: Number(process.env.OPSDESK_WORLDS_IDLE_MS ?? 5_000),
      });
      await use(host);
      host.detach();
    },
    { scope: "worker" },
  ],

  _kit: async ({ _worldHost, supabaseProject, supabaseUrl, supabaseStorageKey }, use, testInfo) => {
    let info: WorldInfo;
    const asked = performance.now();
    try {
      info = await _worldHost.createWorld();
      // The world's wait, for the kit's reporter (reporter.ts): p50/p95 of a run's waits.
      testInfo.annotations.push({
        type: WORLD_WAIT_ANNOTATION,
        description: String(Math.round(performance.now() - asked)),
      });
    } catch (err) {
      if (err instanceof HostError && err.code === "project_does_not_start") {
        throw new KitError(`The project ${supabaseProject} does not start:\n${err.message}`);
      }
      throw err;
    }
    const configDir = testInfo.config.configFile ? path.dirname(testInfo.config.configFile) : process.cwd();
    const appUrl = supabaseUrl ?? defaultAppUrl(path.resolve(configDir, supabaseProject as string));
    const state: KitState = {
      host: _worldHost,
      info,
      appUrl,
      storageKey: supabaseStorageKey ?? storageKeyFor(appUrl),
      routes: new Map(),
      clocks: new Set(),
      clockInUse: false,
      offsetMs: 0,
      ended: false,
      async route(context) {
        if (state.routes.has(context)) return;
        state.routes.set(context, await routeToWorld(context, appUrl, info.url));
        if (state.clockInUse) {
          await context.clock.install({ time: Date.now() + state.offsetMs });
          state.clocks.add(context);
        }
      },
      assertLive(what) {
        if (state.ended) {
          throw new KitError(
            `${what} was used after its test ended: the kit's fixtures belong to one test (its world is gone). Take them from the test's arguments, not from an earlier test or a beforeAll.`,
          );
        }
      },
    };
    await use(state);
    state.ended = true;
    await _worldHost.endWorld(info.id).catch(() => {});
  },

  world: async ({ _kit, browser }, use) => {
    const opened: BrowserContext[] = [];
    await use({
      ..._kit.info,
      async newContext(options) {
        _kit.assertLive("world.newContext()");
        const context = await browser.newContext(options);
        opened.push(context);
        await _kit.route(context);
        return context;
      },
      async onFrame(context, listener) {
        _kit.assertLive("world.onFrame()");
        await _kit.route(context);
        _kit.routes.get(context)?.onFrame(listener);
      },
      fetch(route) {
        _kit.assertLive("world.fetch()");
        const routed = _kit.routes.values().next().value;
        if (!routed) throw new KitError("world.fetch(): no browser context of this test is routed to its world yet");
        return routed.fetch(route);
      },
    });
    await Promise.all(opened.map((c) => c.close().catch(() => {})));
  },

  context: async ({ context, _kit }, use) => {
    await _kit.route(context);
    await use(context);
  },

  supabase: async ({ _kit }, use) => {
    const client = createClient(_kit.info.url, _kit.info.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    await use(client);
    await client.removeAllChannels();
  },

  sql: async ({ _kit }, use) => {
    const superuser = new pg.Pool({ connectionString: _kit.info.dbUrl, max: 2 });
    const service = new pg.Pool({ connectionString: _kit.info.dbUrl, max: 2, options: "-c role=service_role" });
    const guard =
      (pool: pg.Pool, what: string) =>
      <T extends pg.QueryResultRow>(strings: TemplateStringsArray, ...values: unknown[]) => {
        _kit.assertLive(what);
        return tagged(pool)<T>(strings, ...values);
      };
    const sql = Object.assign(guard(service, "sql``"), { superuser: guard(superuser, "sql.superuser``") });
    await use(sql);
    await Promise.all([superuser.end(), service.end()]);
  },

  createUser: async ({ supabase, _kit }, use) => {
    await use(async (user = {}) => {
      _kit.assertLive("createUser()");
      const email = user.email ?? randomEmail("user");
      const password = user.password ?? `pw-${Math.random().toString(36).slice(2)}-${Date.now()}`;
      const { data, error } = await supabase.auth.admin.createUser({
        email,
        password,
        email_confirm: user.confirmed ?? true,
        user_metadata: user.userMetadata,
        app_metadata: user.appMetadata,
      });
      if (error || !data.user)
        throw new KitError(`createUser(${email}) failed: ${error?.message ?? "no user returned"}`);
      return { id: data.user.id, email, password, user: data.user };
    });
  },

  signIn: async ({ page, sql, createUser, supabaseRoles, _kit }, use) => {
    const roles = supabaseRoles ?? null;
    await use(async (target, options = {}) => {
      _kit.assertLive("signIn()");
      const targetPage = options.page ?? page;
      let user: { id: string; email: string } | undefined;
      if (typeof target === "string" || "email" in target || "id" in target) {
        const email = typeof target === "string" ? target : "email" in target ? target.email : undefined;
        const id = typeof target === "object" && "id" in target ? target.id : undefined;
        const [found] = await sql.superuser<{ id: string; email: string }>`
          select id::text, email from auth.users
          where (${id ?? null}::uuid is not null and id = ${id ?? null}::uuid)
             or (${email ?? null}::text is not null and lower(email) = lower(${email ?? null}::text))`;
        user = found;
        if (!user && email && (typeof target === "string" || !("role" in target))) user = await createUser({ email });
        if (!user) throw new KitError(`signIn(): no user has the id ${id}`);
      }
      if (typeof target === "object" && "role" in target) {
        user ??= await createUser({ email: target.email ?? randomEmail(target.role) });
        const adapter = roles ?? (await rolesFor(sql));
        if (!adapter) {
          throw new KitError(
            `signIn({ role: "${target.role}" }): this project has no roles the kit knows (Opsdesk's opsdesk.operators, the demo's public.staff); pass use: { supabaseRoles } to say how a role is given`,
          );
        }
        await adapter.grant(sql, user, target.role);
      }
      const { id, email } = user as { id: string; email: string };
      const session = await _kit.host.call<SignedIn["session"] & Record<string, unknown>>(
        "POST",
        `/worlds/${_kit.info.id}/sessions`,
        { userId: id },
      );
      const context = targetPage.context();
      await _kit.route(context);
      const value = JSON.stringify(session);
      const marker = `opsdesk-kit:${session.refresh_token}`;
      // Written once per origin (a later sign-out must stick across reloads), before the app's scripts run.
      await context.addInitScript(
        ({ key, value, marker }) => {
          try {
            if (window.localStorage.getItem(marker)) return;
            window.localStorage.setItem(key, value);
            window.localStorage.setItem(marker, "1");
          } catch {}
        },
        { key: _kit.storageKey, value, marker },
      );
      if (/^https?:/.test(targetPage.url())) await targetPage.reload();
      return { page: targetPage, user: { id, email }, session };
    });
  },

  mailbox: async ({ _kit }, use) => {
    const taken: string[] = [];
    const mailUrl = `${_kit.info.url}/_mail`;
    await use({
      url: mailUrl,
      async next(options = {}) {
        _kit.assertLive("mailbox.next()");
        const timeoutMs = toMs(options.timeout ?? 10_000, "mailbox.next({ timeout })");
        const response = await fetch(`${mailUrl}/api/next`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ to: options.to, subject: options.subject, exclude: taken, timeoutMs }),
        });
        if (response.status === 408) {
          const { arrived } = (await response.json()) as { arrived: Arrived[] };
          throw new KitError(describeWait(options, timeoutMs, arrived));
        }
        if (!response.ok) throw new KitError(`mailbox.next(): ${response.status} ${await response.text()}`);
        const mail = toMail(await response.json());
        taken.push(mail.id);
        return mail;
      },
      async all() {
        _kit.assertLive("mailbox.all()");
        const response = await fetch(`${mailUrl}/api/messages`);
        return ((await response.json()) as Parameters<typeof toMail>[0][]).map(toMail).reverse();
      },
    });
  },

  clock: async ({ _kit }, use) => {
    if (!_kit.info.databaseClock) {
      // Node-side clocks still move; say once why now() in SQL will not.
      console.warn("clock: this world's database clock cannot move (see the world host's log); now() stays real");
    }
    _kit.clockInUse = true;
    for (const context of _kit.routes.keys()) {
      await context.clock.install({ time: Date.now() + _kit.offsetMs });
      _kit.clocks.add(context);
    }
    await use({
      now: () => new Date(Date.now() + _kit.offsetMs),
      async advance(duration) {
        _kit.assertLive("clock.advance()");
        const advanceMs = toMs(duration, "clock.advance()");
        const { offsetMs, nowMs } = await _kit.host.call<{ offsetMs: number; nowMs: number }>(
          "POST",
          `/worlds/${_kit.info.id}/clock`,
          { advanceMs },
        );
        _kit.offsetMs = offsetMs;
        for (const context of _kit.clocks) await context.clock.fastForward(advanceMs);
        return new Date(nowMs);
      },
    });
  },

  faults: async ({ _kit }, use) => {
    const host = _kit.host;
    const add = (rule: FaultRule) => {
      _kit.assertLive("faults");
      return host.call<void>("POST", `/worlds/${_kit.info.id}/faults`, rule).catch((err: unknown) => {
        throw err instanceof HostError ? new KitError(`faults: ${err.message}`) : err;
      });
    };
    const matchOf = (match: RequestMatch): FaultMatch => ({
      service: match.service,
      method: match.method,
      ...(match.path instanceof RegExp
        ? { pathPattern: { source: match.path.source, flags: match.path.flags } }
        : { path: match.path }),
    });
    await use({
      fail: (match, options = {}) =>
        add({ ...matchOf(match), status: options.status ?? 500, body: options.body, times: options.times }),
      delay: (match, duration, options = {}) =>
        add({ ...matchOf(match), delayMs: toMs(duration, "faults.delay()"), times: options.times }),
      drop: (match, options = {}) => add({ ...matchOf(match), drop: true, times: options.times }),
      async dropRealtime() {
        _kit.assertLive("faults.dropRealtime()");
        let dropped = 0;
        for (const route of _kit.routes.values()) dropped += route.dropSockets();
        const { dropped: server } = await host.call<{ dropped: number }>(
          "POST",
          `/worlds/${_kit.info.id}/realtime/drop`,
        );
        return dropped + server;
      },
      async slowDatabase(duration) {
        _kit.assertLive("faults.slowDatabase()");
        await host.call("POST", `/worlds/${_kit.info.id}/database-delay`, {
          delayMs: toMs(duration, "faults.slowDatabase()"),
        });
      },
      async clear() {
        _kit.assertLive("faults.clear()");
        await host.call("DELETE", `/worlds/${_kit.info.id}/faults`);
      },
    });
  },
});
