// /profile's authenticator app: an operator of their own sets one up with a code
// computed here from the key the page shows, and from then on signs in with the
// password and then the app's code (a wrong code is refused in the operator's words).
// The QR code is an image the browser can draw (issue 27 C3: it was cut off at its first
// `#`), a set-up can be cancelled, and refusals read German in German.
import { expect, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { createOperator } from "./backend";
import { signIn, unique } from "./helpers";
import { germanPhonePage } from "./operatorPage";
import { test } from "./test";

/** The QR code was drawn: a broken image has no natural size. */
async function expectDrawn(page: Page, name: string | RegExp) {
  const image = page.getByRole("img", { name });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1)))
    .toBeGreaterThan(0);
}

const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

test("an operator sets up an authenticator app and then signs in with its code", async ({ page }) => {
  const email = `${unique("mfa").toLowerCase()}@example.com`;
  await createOperator("viewer", email);
  await page.goto("/login");
  await signIn(page, email);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  await page.goto("/profile");
  await page.getByRole("button", { name: "Set up authenticator app" }).click();
  await expectDrawn(page, "QR code for your authenticator app");
  const secret = (await page.getByTestId("mfa-secret").innerText()).trim();
  // A wrong code is refused in the console's words, and the set-up stays open.
  await page.getByLabel("Code from the app").fill(codeOf(secret) === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "That code is not right. Enter the code your authenticator app shows now.",
  );
  await page.getByLabel("Code from the app").fill(codeOf(secret));
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
  const refusal = page.getByRole("alert");
  await expect(refusal).toHaveText(/^That code is not right\./);
  await expect(refusal).not.toContainText("TOTP");
  await codeField.fill(codeOf(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
});

test("in German on a phone, the set-up shows its QR code, refuses a wrong code in German and can be cancelled", async () => {
  const page = await germanPhonePage("viewer");
  await page.goto("/profile");
  await page.getByRole("button", { name: "Authenticator-App einrichten" }).click();
  await expectDrawn(page, "QR-Code für Ihre Authenticator-App");
  const secret = (await page.getByTestId("mfa-secret").innerText()).trim();
  await page.getByLabel("Code aus der App").fill(codeOf(secret) === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Einschalten" }).click();
  const refusal = page.getByRole("alert");
  await expect(refusal).toHaveText(
    "Dieser Code stimmt nicht. Geben Sie den Code ein, den Ihre Authenticator-App jetzt zeigt.",
  );

  // Cancel: back to the card as it was, the refusal gone, and a new set-up starts afresh.
  await page.getByRole("button", { name: "Abbrechen" }).click();
  await expect(page.getByText(/^Aus: Ein Passwort allein meldet Sie an\./)).toBeVisible();
  await expect(refusal).toHaveCount(0);
  await page.getByRole("button", { name: "Authenticator-App einrichten" }).click();
  await expectDrawn(page, "QR-Code für Ihre Authenticator-App");
  const second = (await page.getByTestId("mfa-secret").innerText()).trim();
  expect(second).not.toBe(secret);
  await page.getByLabel("Code aus der App").fill(codeOf(second));
  await page.getByRole("button", { name: "Einschalten" }).click();
  await expect(page.getByText(/^An: Jede Anmeldung fragt nach einem Code/)).toBeVisible();
});
