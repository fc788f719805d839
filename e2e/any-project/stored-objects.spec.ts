// A key to a stored file (docs/any-project.md, "Keys to stored objects"): the SaaS fixture's
// contracts name their signed file by `storage_object_id references storage.objects (id)`, as
// chatgpt-your-files' documents do. The form offers a picker of the stored files the operator may
// read (by bucket and path, with size; searched), never another user's; the record page and the
// list show the object's bucket and path, with a download. A new file is uploaded from the form
// into a bucket the operator picks, under their own folder, and chosen at once. Run with FIXTURE=saas.
import { expect } from "@playwright/test";
import { ANON_KEY, API_URL, apiSignIn, operator, type Session, signedIn } from "./fixture";
import { test } from "./test";

test.skip(process.env.FIXTURE !== "saas", "the contracts bucket and table are the SaaS fixture's");

const TEXT = "Signed by both parties.\n";

/** Uploads a text file to the contracts bucket as `token`'s user, as the project's app does. */
async function upload(token: string, path: string): Promise<void> {
  const response = await fetch(`${API_URL}/storage/v1/object/contracts/${path}`, {
    method: "POST",
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, "Content-Type": "text/plain" },
    body: TEXT,
  });
  expect(response.ok, await response.clone().text()).toBe(true);
}

/** An app user of the fixture (not an operator). */
async function appUser(email: string): Promise<Session> {
  const response = await fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: ANON_KEY, "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "launchpad-dev" }),
  });
  const body = (await response.json()) as { access_token: string; user: { id: string } };
  return { token: body.access_token, userId: body.user.id };
}

test("a key to a stored file is picked among the files the operator may read, and shown as its path with a download", async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const admin = await apiSignIn(operator("admin"));
  const mine = `${admin.userId}/nda-${stamp}.txt`;
  await upload(admin.token, mine);
  // Alice's own file: storage's policies keep it hers, so the picker never offers it.
  const alice = await appUser("alice@acme.test");
  await upload(alice.token, `${alice.userId}/lease-${stamp}.txt`);

  await signedIn(page, operator("admin"));
  await page.goto("/contracts/create");
  await page.locator("form").getByLabel("Title", { exact: true }).fill(`Supplier NDA ${stamp}`);
  const picker = page.locator("form").getByLabel("Storage object", { exact: true });
  await picker.click();
  await picker.fill(`lease-${stamp}`);
  const dropdown = page.locator(".ant-select-dropdown:visible");
  await expect(dropdown.getByText("No stored file you may read matches.")).toBeVisible();
  await picker.fill(`nda-${stamp}`);
  // antd's options carry no role of their own (its hidden list for screen readers has them).
  const option = dropdown.locator(".ant-select-item-option").filter({ hasText: `contracts/${mine}` });
  await expect(option).toBeVisible();
  // Its size beside the path.
  await expect(option).toContainText(`${TEXT.length} B`);
  await option.click();
  await page.getByRole("button", { name: "Save" }).click();

  // The record page: the object's bucket and path, downloaded through a signed link.
  const download = page.getByRole("button", { name: `contracts/${mine}` });
  await expect(download).toBeVisible();
  const recordUrl = page.url();
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toBe(`nda-${stamp}.txt`);

  // The list shows the path too.
  await page.goto("/contracts");
  const row = page.locator("tr.ant-table-row").filter({ hasText: `Supplier NDA ${stamp}` });
  await expect(row.getByRole("button", { name: `contracts/${mine}` })).toBeVisible();
  // Editing shows the choice by its path.
  await page.goto(recordUrl);
  await page.getByRole("button", { name: "Edit" }).click();
  await expect(page.locator("form").getByText(`contracts/${mine}`)).toBeVisible();
});

test("a new file is uploaded from the form into the chosen bucket and becomes the record's", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const admin = await apiSignIn(operator("admin"));
  await signedIn(page, operator("admin"));
  await page.goto("/contracts/create");
  await page.locator("form").getByLabel("Title", { exact: true }).fill(`Lease ${stamp}`);
  // The project's buckets: avatars (images only) and contracts.
  // The select takes the click (its shown value covers the combobox input).
  const bucket = page
    .locator(".ant-select")
    .filter({ has: page.getByRole("combobox", { name: "Bucket to upload into" }) });
  await bucket.click();
  await page.locator(".ant-select-dropdown:visible").getByTitle("contracts", { exact: true }).click();
  await page
    .getByLabel("Upload a file to contracts")
    .setInputFiles({ name: `lease-${stamp}.txt`, mimeType: "text/plain", buffer: Buffer.from(TEXT) });
  const path = new RegExp(`contracts/${admin.userId}/[0-9a-f-]{36}/lease-${stamp}\\.txt`);
  await expect(page.locator("form .ant-select-selection-item").filter({ hasText: path })).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("button", { name: path })).toBeVisible();

  // A file the bucket refuses is said, and nothing is chosen: avatars takes images only.
  await page.goto("/contracts/create");
  await bucket.click();
  await page.locator(".ant-select-dropdown:visible").getByTitle("avatars", { exact: true }).click();
  await page
    .getByLabel("Upload a file to avatars")
    .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from(TEXT) });
  await expect(page.getByRole("alert").filter({ hasText: "Files must be" })).toHaveText(
    "Files must be image/png, image/jpeg, image/webp up to 1 MB.",
  );
  await expect(page.locator("form .ant-select-selection-item").filter({ hasText: "notes.txt" })).toHaveCount(0);
});
