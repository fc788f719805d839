// A browser signed in as a new operator of a role, for specs that change what is stored per
// operator (language, theme) and so must not touch the demo accounts other specs share.
import { type Browser, test } from "@playwright/test";
import { magicLinkSession } from "./apiClient";
import { createOperator } from "./backend";
import { type Role, unique } from "./helpers";

type Viewport = { width: number; height: number };

export async function newOperatorPage(browser: Browser, role: Role, viewport?: Viewport) {
  const email = `${unique(`op-${role}`).toLowerCase()}@example.com`;
  await createOperator(role, email);
  return operatorPage(browser, email, viewport);
}

/** Another browser (a context of its own) signed in as an existing operator. */
export async function operatorPage(browser: Browser, email: string, viewport?: Viewport) {
  const session = await magicLinkSession(email);
  const origin = test.info().project.use.baseURL ?? "";
  const context = await browser.newContext({
    ...(viewport ? { viewport } : {}),
    storageState: {
      cookies: [],
      origins: [
        {
          origin,
          // Where supabase-js keeps the session for a 127.0.0.1 project URL (as auth.setup.ts saves it).
          localStorage: [
            { name: "sb-127-auth-token", value: JSON.stringify(session) },
            { name: "opsdesk.hadSession", value: "1" },
          ],
        },
      ],
    },
  });
  return context.newPage();
}

/** A new operator of a role on a phone (390 px) whose console speaks German. */
export async function germanPhonePage(browser: Browser, role: Role) {
  const page = await newOperatorPage(browser, role, { width: 390, height: 844 });
  await page.context().addInitScript(() => localStorage.setItem("opsdesk.locale", "de"));
  return page;
}
