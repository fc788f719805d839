// On a phone the menu becomes a drawer with a fixed toggle; page titles stay clear of it.
import { expect, test } from "@playwright/test";
import { sessionFile } from "./helpers";

test.use({ storageState: sessionFile("viewer"), viewport: { width: 390, height: 800 } });

for (const path of ["/products", "/orders"]) {
  test(`the drawer toggle does not cover the title of ${path} on a phone`, async ({ page }) => {
    await page.goto(path);
    const title = page.locator(".ant-page-header-heading-title").first();
    await expect(title).toBeVisible();
    // Refine renders the drawer toggle as a direct child of the sider layout.
    const toggle = page.locator(".ant-layout-has-sider > button.ant-btn-icon-only");
    await expect(toggle).toBeVisible();
    const t = await title.boundingBox();
    const b = await toggle.boundingBox();
    expect(t && b).toBeTruthy();
    if (!t || !b) return;
    const overlaps = b.x < t.x + t.width && t.x < b.x + b.width && b.y < t.y + t.height && t.y < b.y + b.height;
    expect(overlaps, `toggle ${JSON.stringify(b)} vs title ${JSON.stringify(t)}`).toBe(false);
  });
}
