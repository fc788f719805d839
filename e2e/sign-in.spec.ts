// Each demo account gets the outcome SPEC §6/§8 promise.
import { expect } from "@playwright/test";
import { emailOf, signIn } from "./helpers";
import { test } from "./test";

for (const who of ["admin", "editor", "viewer"]) {
  test(`${who} signs in and lands on the dashboard`, async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, emailOf(who));
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
}

for (const who of ["outsider", "former"]) {
  test(`${who} is refused and stays signed out`, async ({ page }) => {
    await page.goto("/login");
    await signIn(page, emailOf(who));
    await expect(page.getByRole("alert").filter({ hasText: "This account has no access to Opsdesk." })).toBeVisible();
    await page.goto("/products");
    await expect(page).toHaveURL(/\/login/);
  });
}

test("a wrong password says so and stays on the login page", async ({ page }) => {
  await page.goto("/login");
  await signIn(page, emailOf("editor"), "not-the-password");
  await expect(page.getByRole("alert").filter({ hasText: "Wrong e-mail or password." })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("an ended session returns to the login page and back to the page afterwards", async ({ page }) => {
  await page.goto("/login");
  await signIn(page, emailOf("viewer"));
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  // The session disappears under the console (revoked elsewhere, refresh failed).
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith("sb-")) localStorage.removeItem(key);
  });
  await page.goto("/customers");
  await expect(page).toHaveURL(/\/login\?to=%2Fcustomers/);
  await expect(page.getByText("Your session has ended. Please sign in again.")).toBeVisible();
  await signIn(page, emailOf("viewer"));
  await expect(page).toHaveURL(/\/customers(\?|$)/);
  await expect(page.getByRole("heading", { name: "Customers" })).toBeVisible();
});
