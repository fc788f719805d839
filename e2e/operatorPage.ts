// A browser signed in as a new operator of a role, for specs that want an account of their
// own (language, theme, saved views are stored per operator) in the test's world.
import { createOperator } from "./backend";
import { type Role, unique } from "./helpers";
import { signedInAs } from "./world";

type Viewport = { width: number; height: number };

export async function newOperatorPage(role: Role, viewport?: Viewport) {
  const email = `${unique(`op-${role}`).toLowerCase()}@example.com`;
  await createOperator(role, email);
  return operatorPage(email, viewport);
}

/** Another browser (a context of its own) signed in as an existing operator. */
export function operatorPage(email: string, viewport?: Viewport) {
  return signedInAs(email, viewport ? { viewport } : {});
}

/** A new operator of a role on a phone (390 px) whose console speaks German. */
export async function germanPhonePage(role: Role) {
  const page = await newOperatorPage(role, { width: 390, height: 844 });
  await page.context().addInitScript(() => localStorage.setItem("opsdesk.locale", "de"));
  return page;
}
