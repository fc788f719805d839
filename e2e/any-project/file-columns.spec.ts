// File columns on a project with Opsdesk installed (docs/any-project.md, "File columns"): on the
// SaaS fixture, whose app keeps avatars in a bucket of its own (public, images up to 1 MB), an
// admin marks profiles.avatar_url as a file in that bucket on the Tables screen; the record page
// then refuses a file the bucket would refuse (its live limits), uploads an image under the
// column's folder, shows it, replaces it (the old object removed) and removes it (the object
// removed); a viewer sees the image and no upload. Deleting the record removes its file, and an
// undone delete keeps it (install 0006). Run with FIXTURE=saas.
import { expect } from "@playwright/test";
import { ANON_KEY, API_URL, apiSignIn, operator, rpc, type Session, signedIn } from "./fixture";
import { test } from "./test";

test.skip(process.env.FIXTURE !== "saas", "the avatars bucket is the SaaS fixture's");

/** Alice's profile (the fixture's seed). */
const PROFILE = "5aa50000-0000-4000-8000-000000000001";
const FOLDER = "public/profiles/avatar_url/";
// 1×1 PNGs of two colours (two different files) and a PDF's first bytes.
const PNG_A = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const PNG_B = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");

/** The objects in the column's folder, as the admin may list them. */
async function storedObjects(session: Session): Promise<string[]> {
  const response = await fetch(`${API_URL}/storage/v1/object/list/avatars`, {
    method: "POST",
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ prefix: FOLDER, limit: 100 }),
  });
  expect(response.ok).toBe(true);
  return ((await response.json()) as { name: string }[]).map((o) => `${FOLDER}${o.name}`);
}

/** The profile's rows as stored (none once deleted). */
async function profileRows(session: Session, profile: string): Promise<{ avatar_url: string | null }[]> {
  const response = await fetch(`${API_URL}/rest/v1/profiles?user_id=eq.${profile}&select=avatar_url`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${session.token}` },
  });
  return (await response.json()) as { avatar_url: string | null }[];
}

/** The profile's avatar_url as stored. */
async function avatarPath(session: Session, profile = PROFILE): Promise<string | null> {
  return (await profileRows(session, profile))[0].avatar_url;
}

test("an admin marks a column as a file in a bucket; its file is uploaded, shown, replaced and removed", async ({
  browser,
}) => {
  const admin = await browser.newPage();
  await signedIn(admin, operator("admin"));
  const session = await apiSignIn(operator("admin"));

  // The Tables screen: profiles' settings, avatar_url a file in the avatars bucket.
  await admin.goto("/~tables");
  const row = admin.locator("tr.ant-table-row").filter({ has: admin.getByText("public.profiles", { exact: true }) });
  await row.getByRole("button", { name: "Settings" }).click();
  // The bucket is picked from the project's buckets (opsdesk.storage_buckets()).
  const bucket = admin.getByRole("combobox", { name: "avatar_url bucket" });
  await bucket.click();
  await admin.locator(".ant-select-dropdown:visible").getByTitle("avatars", { exact: true }).click();
  await admin.getByRole("button", { name: "Save" }).click();
  await expect(bucket).toBeHidden();

  await admin.goto(`/profiles/${PROFILE}`);
  const zone = admin.getByText("Drop an image here or click to add one");
  await expect(zone).toBeVisible();
  // The bucket's own limits, read live, are said before upload and refuse a PDF before sending it.
  await expect(admin.getByText("Files must be image/png, image/jpeg, image/webp up to 1 MB.")).toBeVisible();
  const input = admin.locator("input[type=file]");
  await input.setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(admin.getByRole("alert").filter({ hasText: "Files must be" })).toHaveText(
    "Files must be image/png, image/jpeg, image/webp up to 1 MB.",
  );
  expect(await storedObjects(session)).toEqual([]);

  await input.setInputFiles({ name: "alice.png", mimeType: "image/png", buffer: PNG_A });
  await expect(admin.getByRole("img", { name: "Avatar url" })).toBeVisible();
  const first = await avatarPath(session);
  expect(first).toMatch(/^public\/profiles\/avatar_url\/[0-9a-f-]{36}\.png$/);
  expect(await storedObjects(session)).toEqual([first]);

  // A viewer sees it and may not change it.
  const viewer = await browser.newPage();
  await signedIn(viewer, operator("viewer"));
  await viewer.goto(`/profiles/${PROFILE}`);
  await expect(viewer.getByRole("img", { name: "Avatar url" })).toBeVisible();
  await expect(viewer.getByText("Drop an image here or click to replace it")).toHaveCount(0);

  // Replaced: the record names the new object, the old one is gone.
  await admin.getByText("Drop an image here or click to replace it").waitFor();
  await input.setInputFiles({ name: "alice-2.png", mimeType: "image/png", buffer: PNG_B });
  await expect.poll(() => avatarPath(session)).not.toBe(first);
  const second = await avatarPath(session);
  // The old object goes once the record names the new one.
  await expect.poll(() => storedObjects(session)).toEqual([second]);

  // Removed: the record names nothing, the object is gone.
  await admin.getByRole("button", { name: "Remove image" }).click();
  await admin.locator(".ant-popover:visible").getByRole("button", { name: "Remove" }).click();
  await expect(admin.getByText("No image")).toBeVisible();
  expect(await avatarPath(session)).toBeNull();
  await expect.poll(() => storedObjects(session)).toEqual([]);
});

test("deleting a record removes its file; an undone delete keeps it", async ({ page }) => {
  const session = await apiSignIn(operator("admin"));
  await rpc(session, "set_table_settings", {
    schema_name: "public",
    table_name: "profiles",
    settings: { file_columns: { avatar_url: { bucket: "avatars" } } },
  });
  // Bob's profile, made again if another spec deleted it.
  const bob = "5aa50000-0000-4000-8000-000000000002";
  const made = await fetch(`${API_URL}/rest/v1/profiles?on_conflict=user_id`, {
    method: "POST",
    headers: {
      apikey: ANON_KEY,
      Authorization: `Bearer ${session.token}`,
      "Content-Type": "application/json",
      Prefer: "resolution=merge-duplicates",
    },
    body: JSON.stringify({ user_id: bob, display_name: "Bob", avatar_url: null }),
  });
  expect(made.ok).toBe(true);

  await signedIn(page, operator("admin"));
  await page.goto(`/profiles/${bob}`);
  await page.getByText("Drop an image here or click to add one").waitFor();
  await page.locator("input[type=file]").setInputFiles({ name: "bob.png", mimeType: "image/png", buffer: PNG_A });
  await expect(page.getByRole("img", { name: "Avatar url" })).toBeVisible();
  const file = await avatarPath(session, bob);
  expect(await storedObjects(session)).toContain(file);

  const deleteRecord = async () => {
    await page.getByRole("button", { name: "Delete" }).click();
    await page.locator(".ant-popover:visible").getByRole("button", { name: "Delete" }).click();
  };
  // Undone: the record and its file stay.
  await deleteRecord();
  await page.getByRole("button", { name: /^Undo/ }).click();
  await expect(page.getByRole("button", { name: /^Undo/ })).toHaveCount(0);
  await page.goto(`/profiles/${bob}`);
  await expect(page.getByRole("img", { name: "Avatar url" })).toBeVisible();
  expect(await profileRows(session, bob)).toHaveLength(1);
  expect(await storedObjects(session)).toContain(file);

  // Deleted: leaving the screen sends the waiting delete at once (features/undo); the file goes with it.
  await deleteRecord();
  await expect(page.getByText(/^Deleted /)).toBeVisible();
  await page.getByRole("menuitem", { name: "Dashboard" }).click();
  await expect.poll(() => profileRows(session, bob)).toEqual([]);
  await expect.poll(() => storedObjects(session)).not.toContain(file);
});

test("a file queued by a delete made elsewhere goes when the console starts, not at its next delete", async ({
  page,
}) => {
  const session = await apiSignIn(operator("admin"));
  await rpc(session, "set_table_settings", {
    schema_name: "public",
    table_name: "profiles",
    settings: { file_columns: { avatar_url: { bucket: "avatars" } } },
  });
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${API_URL}${path}`, {
      ...init,
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${session.token}`, ...init.headers },
    });
  // Carol's profile with an avatar in the column's folder, then deleted through the API (the
  // project's app, a script): the database queues the object, and nothing has removed it yet.
  const carol = "5aa50000-0000-4000-8000-000000000003";
  const file = `${FOLDER}${crypto.randomUUID()}.png`;
  const uploaded = await api(`/storage/v1/object/avatars/${file}`, {
    method: "POST",
    headers: { "Content-Type": "image/png" },
    body: PNG_A,
  });
  expect(uploaded.ok).toBe(true);
  const made = await api("/rest/v1/profiles?on_conflict=user_id", {
    method: "POST",
    headers: { "Content-Type": "application/json", Prefer: "resolution=merge-duplicates" },
    body: JSON.stringify({ user_id: carol, display_name: "Carol", avatar_url: file }),
  });
  expect(made.ok).toBe(true);
  expect((await api(`/rest/v1/profiles?user_id=eq.${carol}`, { method: "DELETE" })).ok).toBe(true);
  expect(await profileRows(session, carol)).toEqual([]);
  expect(await storedObjects(session)).toContain(file);

  // An operator who may remove it opens the console: the queue is drained at start.
  await signedIn(page, operator("admin"));
  await expect.poll(() => storedObjects(session)).not.toContain(file);
});
