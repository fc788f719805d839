// /staff: an admin invites an operator (mail catcher → link → password → sign-in), changes
// their role and deactivates them, which signs out their open console, then reactivates.
import { expect } from "@playwright/test";
import { emailOf, invitationMails, openSelect, resendThenRevoke, signedInPage, signIn, unique } from "./helpers";
import { test } from "./test";
import { newContext, signedInAs, testWorld } from "./world";

/** The invite link the mail catcher holds for the address. */
const inviteLink = async (email: string) =>
  (await invitationMails(email, 1, testWorld().world.url))[0].action_link as string;

test("invite, first password, role change and deactivation of a new operator", async () => {
  const admin = await signedInAs(emailOf("admin"));
  const email = `${unique("invitee").toLowerCase()}@example.com`;
  const name = unique("Ina Invitee");
  const password = "invited-password-1";

  await admin.goto("/staff");
  await admin.getByRole("button", { name: "Invite" }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Full name").fill(name);
  await openSelect(dialog, "Role");
  await admin.locator(".ant-select-dropdown:visible").getByText("Editor", { exact: true }).click();
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(admin.getByText(`Invitation sent to ${email}`)).toBeVisible();
  const row = admin.locator("tr.ant-table-row").filter({ hasText: email });
  // Not "Active" before they have followed the link.
  await expect(row).toContainText("Invited");
  await expect(row.getByRole("button", { name: "Deactivate" })).toHaveCount(0);

  // The e-mail leads into this console: no other port, no code no screen takes.
  const [mail] = await invitationMails(email, 1, testWorld().world.url);
  expect(mail.subject).toBe("You are invited to Opsdesk");
  expect(mail.text).toContain(name);
  expect(mail.text).not.toMatch(/code|127\.0\.0\.1:5173/i);
  const redirect = new URL(mail.action_link ?? "").searchParams.get("redirect_to");
  expect(redirect).toBe(`${test.info().project.use.baseURL}/update-password`);

  // The invitee follows the e-mail's link and chooses a password.
  const invitee = await (await newContext()).newPage();
  await invitee.goto(await inviteLink(email));
  await expect(invitee).toHaveURL(/\/update-password/);
  await invitee.getByLabel("New password", { exact: true }).fill(password);
  await invitee.getByLabel("Repeat the password").fill(password);
  await invitee.getByRole("button", { name: "Set password" }).click();
  await expect(invitee.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  // Joined: active now.
  await admin.reload();
  await expect(row).toContainText("Active");

  // Signing in afresh works with that password; as an editor they may create products.
  const console_ = await signedInPage(email, password);
  await console_.goto("/products");
  await expect(console_.getByRole("button", { name: "Create" })).toBeVisible();

  // Demoted to viewer: the open console drops the Create button without a reload.
  await openSelect(row);
  await admin.locator(".ant-select-dropdown:visible").getByText("Viewer", { exact: true }).click();
  await expect(admin.getByText(`${name}'s role is changed.`)).toBeVisible();
  await expect(console_.getByRole("button", { name: "Create" })).toHaveCount(0);

  // Deactivated: the open console is signed out with SPEC §8's message.
  await row.getByRole("button", { name: "Deactivate" }).click();
  await admin.locator(".ant-popover:visible").getByRole("button", { name: "Deactivate" }).click();
  await expect(row).toContainText("Deactivated");
  await expect(console_).toHaveURL(/\/login/);
  await expect(console_.getByText("This account has no access to Opsdesk.")).toBeVisible();
  // Signing in again is refused: the console signs the account out again at once (the
  // notice on screen is the one from being signed out, so wait for that sign-out).
  const refused = console_.waitForResponse((response) => response.url().includes("/auth/v1/logout"));
  await signIn(console_, email, password);
  await refused;
  await expect(console_.getByRole("alert").filter({ hasText: "This account has no access to Opsdesk." })).toBeVisible();

  // Reactivated: they may sign in again, and land back on the page they were signed out of.
  await row.getByRole("button", { name: "Reactivate" }).click();
  await expect(row).toContainText("Active");
  await signIn(console_, email, password);
  await expect(console_).toHaveURL(/\/products/);
  await expect(console_.getByRole("heading", { name: "Products" })).toBeVisible();
});

test("an invitation not yet followed is resent or revoked, and a revoked link leads nowhere", async () => {
  const admin = await signedInAs(emailOf("admin"));
  const email = `${unique("revoked").toLowerCase()}@example.com`;
  const name = unique("Rita Revoked");
  await admin.goto("/staff");
  await admin.getByRole("button", { name: "Invite" }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Full name").fill(name);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  const row = admin.locator("tr.ant-table-row").filter({ hasText: email });
  await expect(row).toContainText("Invited");
  await resendThenRevoke(admin, row, {
    email,
    name,
    newPage: async () => (await newContext()).newPage(),
    mailUrl: testWorld().world.url,
  });
});

test("an admin cannot change their own role or deactivate themselves here", async () => {
  const admin = await signedInAs(emailOf("admin"));
  await admin.goto("/staff");
  const own = admin.locator("tr.ant-table-row").filter({ hasText: "admin@example.com" });
  // Their own role shows as text, not as a select.
  await expect(own).toContainText("Admin");
  await expect(own.getByRole("combobox")).toHaveCount(0);
  await expect(own.getByRole("button", { name: "Deactivate" })).toHaveCount(0);
});

test("the staff screen is the admin's: an editor gets the 403 page", async () => {
  const editor = await signedInAs(emailOf("editor"));
  await editor.goto("/staff");
  await expect(editor.getByText("You don't have permission to open this page.")).toBeVisible();
  await editor.goto("/permissions");
  await expect(editor.getByText("You don't have permission to open this page.")).toBeVisible();
});
