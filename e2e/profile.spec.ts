// /profile: an operator of their own (so demo accounts keep their names and passwords)
// renames themselves, changes the password, and signs out everywhere, which ends their
// other open consoles at once.
import { expect } from "@playwright/test";
import { createOperator } from "./backend";
import { PASSWORD, signedInPage, signIn, unique } from "./helpers";
import { test } from "./test";

test("an operator renames themselves, changes the password and signs out everywhere", async ({ page }) => {
  const email = `${unique("profile").toLowerCase()}@example.com`;
  await createOperator("viewer", email);
  await page.goto("/login");
  await signIn(page, email);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  await page.goto("/profile");
  const name = page.getByLabel("Full name");
  await expect(name).not.toHaveValue("");
  await name.fill("  ");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Full name must be 1–120 characters.")).toBeVisible();
  await name.fill("Petra Profile");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Your name is saved.")).toBeVisible();
  await expect(page.locator("header").getByText("Petra Profile")).toBeVisible();

  const NEW = "a-brand-new-password";
  await page.getByLabel("Current password").fill("not-the-password");
  await page.getByLabel("New password", { exact: true }).fill(NEW);
  await page.getByLabel("Repeat the new password").fill(NEW);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The current password is not correct.")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("short");
  await expect(page.getByText("Use at least 10 characters.")).toBeVisible();
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill(NEW);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();

  // Still signed in here: the change keeps this session (and ends every other one).
  await page.goto("/products");
  await expect(page.getByRole("heading", { name: "Products" })).toBeVisible();

  await page.goto("/profile");
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await page.locator(".ant-popover:visible").getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.goto("/login");
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole("alert").filter({ hasText: "Wrong e-mail or password." })).toBeVisible();
  await signIn(page, email, NEW);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
});

test("sign out everywhere sends the operator's other open consoles to the sign-in page within 2 s", async () => {
  const email = `${unique("everywhere").toLowerCase()}@example.com`;
  await createOperator("viewer", email);
  const here = await signedInPage(email);
  const elsewhere = await signedInPage(email);
  await elsewhere.goto("/products");
  await expect(elsewhere.getByRole("heading", { name: "Products" })).toBeVisible();

  await here.goto("/profile");
  await here.getByRole("button", { name: "Sign out everywhere" }).click();
  const signedOut = here.waitForResponse((response) => response.url().includes("/auth/v1/logout"));
  await here.locator(".ant-popover:visible").getByRole("button", { name: "Sign out everywhere" }).click();
  expect((await signedOut).status()).toBe(204);

  // The other console learns of it from the server, without a click or a navigation.
  await expect(elsewhere).toHaveURL(/\/login/, { timeout: 2_000 });
  await expect(elsewhere.getByText("Your session has ended. Please sign in again.")).toBeVisible();
  await expect(here).toHaveURL(/\/login/);
  await expect(here.getByText("Your session has ended. Please sign in again.")).toHaveCount(0);
});
