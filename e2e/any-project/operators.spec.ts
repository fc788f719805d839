// The admin's Operators screen on a fixture project with Opsdesk installed (docs/any-project.md
// "Operators and roles"): inviting a new person by e-mail through the project's opsdesk-admin
// function (mail catcher → link → password → signed in; "Invited" until then), resending and
// revoking an invitation not yet followed, adding an existing account, changing a role and
// deactivating, each followed at once by the operator's open console; refusals worded by their
// OPSDESK_* code in English and German; the screen is the admins' only.
import { type Browser, expect, type Page } from "@playwright/test";
import type { ResourceDefinition } from "../../src/resources/types";
import { acceptInvite, openSelect, resendThenRevoke } from "../helpers";
import { API_URL, apiSignIn, definitionsFor, listTitle, operator, PASSWORD, rpc } from "./fixture";
import { test } from "./test";

/** An account of the fixture's own app users (its seed), never an operator before this spec. */
const APP_USER = process.env.FIXTURE === "saas" ? "frank@globex.test" : "lea@tideline.test";

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function signedIn(browser: Browser, email: string, locale?: "de"): Promise<Page> {
  const context = await browser.newContext();
  if (locale) await context.addInitScript((value) => localStorage.setItem("opsdesk.locale", value), locale);
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("textbox", { name: /^E-?Mail$/i }).fill(email);
  await page.locator("input[type=password]").fill(PASSWORD);
  await page.locator("button[type=submit]").click();
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

/** A table an editor may create rows in and a viewer may not (the default matrix). */
async function editorsTable(): Promise<ResourceDefinition> {
  const editor = await apiSignIn(operator("editor"));
  const access = await rpc<{ permissions: Record<string, string[]> }>(editor, "my_access");
  const definitions = await definitionsFor(editor);
  const def = definitions.find((d) => {
    const table = d.table ?? { schema: "public", name: d.name };
    return access.permissions[`${table.schema}.${table.name}`]?.includes("create") && !d.readOnlyReason;
  });
  if (!def) throw new Error("no table the editor may create rows in");
  return def;
}

async function invite(page: Page, email: string, role: string, labels = { open: "Add operator", send: "Invite" }) {
  await page.getByRole("button", { name: labels.open }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: /^E-?Mail$/i }).fill(email);
  await openSelect(dialog);
  await page.locator(".ant-select-dropdown:visible").getByText(role, { exact: true }).click();
  await dialog.getByRole("button", { name: labels.send }).click();
  return dialog;
}

test("an admin invites someone new, changes their role and deactivates them; their console follows", async ({
  browser,
}) => {
  const table = await editorsTable();
  const admin = await signedIn(browser, operator("admin"));
  await admin.getByRole("menuitem", { name: "Operators" }).click();
  await expect(admin.getByRole("heading", { name: "Operators" })).toBeVisible();

  // A new e-mail: an account is made and mailed its invitation (opsdesk-admin).
  const email = `${unique("invitee")}@example.com`;
  await invite(admin, email, "Editor");
  await expect(admin.getByText(`Invitation sent to ${email}`)).toBeVisible();
  const row = admin.locator("tr.ant-table-row").filter({ hasText: email });
  // Not "Active" before they have followed the link (operator_list: e-mail not confirmed).
  await expect(row).toContainText("Invited");
  await expect(row.getByRole("button", { name: "Deactivate" })).toHaveCount(0);
  // Searching by a part of the address finds them alone (the words match e-mail or name).
  const search = admin.getByLabel("Search operators");
  await search.fill(email.slice(0, 14));
  await search.press("Enter");
  await expect(admin.locator("tr.ant-table-row")).toHaveCount(1);
  await expect(row).toBeVisible();
  await search.fill("");
  await search.press("Enter");
  await expect(admin.locator("tr.ant-table-row").filter({ hasText: operator("admin") })).toBeVisible();

  // The invitee follows the mail's link, chooses a password and is an editor of the project.
  const invitee = await (await browser.newContext()).newPage();
  await acceptInvite(invitee, email, "invited-password-1", API_URL);
  await expect(invitee).not.toHaveURL(/\/update-password/);
  await invitee.goto(`/${table.route ?? table.name}`);
  await expect(invitee.getByRole("heading", { name: listTitle(table), exact: true })).toBeVisible();
  await expect(invitee.getByRole("button", { name: "Create" })).toBeVisible();
  // Joined: active now.
  await admin.reload();
  await expect(row).toContainText("Active");

  // Made a viewer: their open console drops Create without a reload (opsdesk:access:<user id>).
  await openSelect(row);
  await admin.locator(".ant-select-dropdown:visible").getByText("Viewer", { exact: true }).click();
  await expect(admin.getByText(`${email}'s role is changed.`)).toBeVisible();
  await expect(invitee.getByRole("button", { name: "Create" })).toHaveCount(0);

  // Deactivated: their open console is signed out with the reason.
  await row.getByRole("button", { name: "Deactivate" }).click();
  await admin.locator(".ant-popover:visible").getByRole("button", { name: "Deactivate" }).click();
  await expect(row).toContainText("Deactivated");
  await expect(invitee).toHaveURL(/\/login/);
  await expect(invitee.getByText("This account has no access to Opsdesk.").first()).toBeVisible();

  // An existing account of the app becomes an operator at once; a second time is refused by code.
  await invite(admin, APP_USER, "Viewer");
  await expect(admin.getByText(`${APP_USER} is an operator now.`)).toBeVisible();
  await expect(admin.locator("tr.ant-table-row").filter({ hasText: APP_USER })).toContainText("Active");
  const again = await invite(admin, APP_USER, "Viewer");
  await expect(again.getByRole("alert")).toHaveText("This person is an operator already.");
  await again.getByRole("button", { name: "Cancel" }).click();

  // One's own row offers no role change, deactivation or removal (the database refuses them too).
  const own = admin.locator("tr.ant-table-row").filter({ hasText: operator("admin") });
  await expect(own.getByRole("combobox")).toHaveCount(0);
  await expect(own.getByRole("button")).toHaveCount(0);
});

test("an invitation not yet followed is resent or revoked, and a revoked link leads nowhere", async ({ browser }) => {
  const admin = await signedIn(browser, operator("admin"));
  await admin.goto("/~operators");
  const email = `${unique("revoked")}@example.com`;
  await invite(admin, email, "Viewer");
  const row = admin.locator("tr.ant-table-row").filter({ hasText: email });
  await expect(row).toContainText("Invited");
  await resendThenRevoke(admin, row, {
    email,
    name: email,
    newPage: async () => (await browser.newContext()).newPage(),
  });
});

test("in German: the screen and a refusal by its code", async ({ browser }) => {
  const admin = await signedIn(browser, operator("admin"), "de");
  await admin.getByRole("menuitem", { name: "Operatoren" }).click();
  await expect(admin.getByRole("heading", { name: "Operatoren" })).toBeVisible();
  const dialog = await invite(admin, operator("viewer"), "Lesend", { open: "Operator hinzufügen", send: "Einladen" });
  await expect(dialog.getByRole("alert")).toHaveText("Diese Person ist bereits Operator.");
  await dialog.getByRole("button", { name: "Abbrechen" }).click();
});

test("the operators screen is the admins': an editor gets the 403 page, and the API refuses them", async ({
  browser,
}) => {
  const editor = await signedIn(browser, operator("editor"));
  await expect(editor.getByRole("menuitem", { name: "Operators" })).toHaveCount(0);
  await editor.goto("/~operators");
  await expect(editor.getByText("You don't have permission to open this page.")).toBeVisible();
  // The function refuses them too, by code.
  const session = await apiSignIn(operator("editor"));
  const response = await fetch(`${API_URL}/functions/v1/opsdesk-admin`, {
    method: "POST",
    headers: { Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ action: "invite", email: `${unique("nobody")}@example.com`, role: "viewer" }),
  });
  expect(response.status).toBe(403);
  expect(((await response.json()) as { code: string }).code).toBe("OPSDESK_NOT_ADMIN");
});
