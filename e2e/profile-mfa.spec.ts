// /profile's authenticator app: an operator of their own sets one up with a code
// computed here from the key the page shows, and from then on signs in with the
// password and then the app's code (a wrong code is refused).
import { expect } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { createOperator } from "./backend";
import { signIn, unique } from "./helpers";
import { test } from "./test";

test("an operator sets up an authenticator app and then signs in with its code", async ({ page }) => {
  const email = `${unique("mfa").toLowerCase()}@example.com`;
  await createOperator("viewer", email);
  await page.goto("/login");
  await signIn(page, email);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  await page.goto("/profile");
  await page.getByRole("button", { name: "Set up authenticator app" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("mfa-secret").innerText()).trim();
  const code = () => new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  await page.getByLabel("Code from the app").fill(code());
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("On: every sign-in asks for a code from your authenticator app.")).toBeVisible();

  // A new browser session: the password alone is not enough any more.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto("/login");
  await signIn(page, email);
  const codeField = page.getByLabel("Code from your authenticator app");
  await expect(codeField).toBeVisible();
  await codeField.fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid TOTP code entered" })).toBeVisible();
  await codeField.fill(code());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
});
