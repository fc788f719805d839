// The any-project suite's `test` (it runs on a stack of its own, playwright.fixtures.config.ts):
// Playwright's, closing every browser context a test opened itself. Playwright closes only the
// context of its own `page`; one from `browser.newContext()` lives on in the worker's browser
// until the worker ends, its console still polling and subscribed, so each later test ran slower.
import { test as base } from "@playwright/test";

export const test = base.extend<{ closeOwnContexts: undefined }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});
