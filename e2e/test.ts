// The suite's `test`: the QA kit's (opsdesk-stack/playwright, docs/qa.md), so every test
// has a world of its own — the demo project migrated, seeded and cloned — and no test sees
// another's rows, permission changes or mail (docs/testing.md). `test.use({ signedInAs:
// "editor" })` opens the test's page signed in as that demo account, without the sign-in
// screen; other contexts come from world.ts (`newContext`, `signedInAs`), routed to the
// same world.
import { test as kit } from "opsdesk-stack/playwright";
import { emailOf, type Role } from "./helpers";
import { bindWorld } from "./world";

interface SuiteFixtures {
  /** The demo account the test's page is signed in as (none: signed out). */
  signedInAs: Role | undefined;
  _bindWorld: undefined;
  _signInPage: undefined;
}

export const test = kit.extend<SuiteFixtures>({
  signedInAs: [undefined, { option: true }],

  _bindWorld: [
    async ({ world, supabase, signIn }, use) => {
      bindWorld({ world, supabase, signIn });
      await use(undefined);
      bindWorld(undefined);
    },
    { auto: true },
  ],

  _signInPage: [
    async ({ signedInAs, page, signIn }, use) => {
      if (signedInAs) await signIn(emailOf(signedInAs), { page });
      await use(undefined);
    },
    { auto: true },
  ],
});
