// Signs each staff role in once and saves the session, so specs start signed in
// (and the suite stays far below the sign-in rate limit).
import { expect } from "@playwright/test";
import { emailOf, type Role, sessionFile, signIn } from "./helpers";
import { test as setup } from "./test";

for (const role of ["admin", "editor", "viewer"] as Role[]) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await page.goto("/login");
    await signIn(page, emailOf(role));
    // A refused sign-in fails at once with its message; an accepted one leaves /login.
    const dashboard = page.getByRole("heading", { name: "Dashboard" });
    const refused = page.getByRole("alert");
    await expect(dashboard.or(refused).first()).toBeVisible({ timeout: 45_000 });
    await expect(refused).toHaveCount(0);
    // The first console load of a run compiles the console's chunks; on a loaded shared machine
    // that alone can take longer than the usual expect timeout (every later page has them cached).
    await expect(dashboard).toBeVisible({ timeout: 45_000 });
    await page.context().storageState({ path: sessionFile(role) });
  });
}
