// The demo's operators on Opsdesk's Operators screen (/~operators, docs/any-project.md
// "Operators and roles"): an admin invites an operator with a name (the demo's invitation mail
// → link → first password → sign-in), changes their role and deactivates them, which signs out
// their open console and refuses a new sign-in (the demo signs deactivated operators out), then
// reactivates them. The screens are the admins'. Resending and revoking an invitation, and an
// admin's own row offering nothing, are e2e/any-project/operators.spec.ts's on the same screen.
import { expect } from "@playwright/test";
import { closeNotices, emailOf, invitationMails, openSelect, signedInPage, signIn, unique } from "./helpers";
import { test } from "./test";
import { newContext, signedInAs, testWorld } from "./world";

const FORBIDDEN = "You don't have permission to open this page.";

test("invite, first password, role change and deactivation of a new operator", async () => {
  const admin = await signedInAs(emailOf("admin"));
  const email = `${unique("invitee").toLowerCase()}@example.com`;
  const name = unique("Ina Invitee");
  const password = "invited-password-1";

  await admin.goto("/~operators");
  await admin.getByRole("button", { name: "Add operator" }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Full name (optional)").fill(name);
  await openSelect(dialog, "Role");
  await admin.locator(".ant-select-dropdown:visible").getByText("Editor", { exact: true }).click();
  await dialog.getByRole("button", { name: "Invite" }).click();
  await expect(admin.getByText(`Invitation sent to ${email}`)).toBeVisible();
  const row = admin.locator("tr.ant-table-row").filter({ hasText: email });
  // Not "Active" before they have followed the link.
  await expect(row).toContainText("Invited");
  await expect(row.getByRole("button", { name: "Deactivate" })).toHaveCount(0);
  // The admin's own row offers no role change, deactivation or removal.
  const own = admin.locator("tr.ant-table-row").filter({ hasText: emailOf("admin") });
  await expect(own).toContainText("Admin");
  await expect(own.getByRole("combobox")).toHaveCount(0);
  await expect(own.getByRole("button")).toHaveCount(0);

  // The demo's invitation mail (its template) names them and leads into this console.
  const [mail] = await invitationMails(email, 1, testWorld().world.url);
  expect(mail.subject).toBe("You are invited to Opsdesk");
  expect(mail.text).toContain(name);
  expect(mail.text).not.toMatch(/code|127\.0\.0\.1:5173/i);
  const redirect = new URL(mail.action_link ?? "").searchParams.get("redirect_to");
  expect(redirect).toBe(`${test.info().project.use.baseURL}/update-password`);

  // The invitee follows the e-mail's link and chooses a password.
  const invitee = await (await newContext()).newPage();
  await invitee.goto(mail.action_link ?? "");
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
  await expect(console_.getByText("This account has no access to Opsdesk.").first()).toBeVisible();
  // Signing in again is refused: the console signs the account out again at once (the
  // notice on screen is the one from being signed out, so wait for that sign-out).
  const refused = console_.waitForResponse((response) => response.url().includes("/auth/v1/logout"));
  await signIn(console_, email, password);
  await refused;
  await expect(console_.getByRole("alert").filter({ hasText: "This account has no access to Opsdesk." })).toBeVisible();

  // Reactivated: they may sign in again, and land back on the page they were signed out of.
  // (The notices sit over the last rows of a short list.)
  await closeNotices(admin);
  await row.getByRole("button", { name: "Reactivate" }).click();
  await expect(row).toContainText("Active");
  await signIn(console_, email, password);
  await expect(console_).toHaveURL(/\/products/);
  await expect(console_.getByRole("heading", { name: "Products" })).toBeVisible();
});

test("the operators and permissions screens are the admins': an editor has no entry and gets the 403 page", async () => {
  const editor = await signedInAs(emailOf("editor"));
  await editor.goto("/products");
  await expect(editor.getByRole("menuitem", { name: "Products", exact: true })).toBeVisible();
  await expect(editor.getByRole("menuitem", { name: /^(Operators|Permissions)$/ })).toHaveCount(0);
  await editor.goto("/~operators");
  await expect(editor.getByText(FORBIDDEN)).toBeVisible();
  await editor.goto("/~permissions");
  await expect(editor.getByText(FORBIDDEN)).toBeVisible();
});
