// The world of the test running in this worker (docs/testing.md): e2e/test.ts binds it
// while each test runs, so the suite's helpers (backend.ts, apiClient.ts, helpers.ts) reach
// the database, mail and browser contexts of the test that calls them. A worker runs one
// test at a time, so one binding per worker is enough.
import type { BrowserContext, BrowserContextOptions, Page } from "@playwright/test";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { SignedIn, SignInTarget, World } from "opsdesk-stack/playwright";

export interface TestWorld {
  world: World;
  /** Service-role supabase-js bound to the world. */
  supabase: SupabaseClient;
  signIn(target: SignInTarget, options?: { page?: Page }): Promise<SignedIn>;
}

let bound: TestWorld | undefined;

export function bindWorld(world: TestWorld | undefined): void {
  bound = world;
}

/** The running test's world; helpers called outside a test (beforeAll, module scope) fail saying so. */
export function testWorld(): TestWorld {
  if (!bound) {
    throw new Error(
      "e2e helpers reach the running test's world: call them inside a test or beforeEach, not from beforeAll, afterAll or module scope",
    );
  }
  return bound;
}

/** A browser context of its own (a session of its own) routed to the test's world. */
export function newContext(options?: BrowserContextOptions): Promise<BrowserContext> {
  return testWorld().world.newContext(options);
}

/** A page in a new context, signed in as an account (no sign-in screen: the kit writes the session). */
export async function signedInAs(email: string, options?: BrowserContextOptions): Promise<Page> {
  const page = await (await newContext(options)).newPage();
  await testWorld().signIn(email, { page });
  return page;
}
