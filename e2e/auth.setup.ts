// Signs each staff role in once and saves the session, so specs start signed in
// (and the suite stays far below the sign-in rate limit).
import { expect, test as setup } from "@playwright/test";
import { emailOf, type Role, sessionFile, signIn } from "./helpers";

for (const role of ["admin", "editor", "viewer"] as Role[]) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await page.goto("/login");
    await signIn(page, emailOf(role));
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await page.context().storageState({ path: sessionFile(role) });
  });
}
