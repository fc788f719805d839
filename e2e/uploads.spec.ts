// Product images and order documents as operators use them: the limits shown before
// upload and enforced in the browser, replace/remove/drag-and-drop, signed downloads,
// read-only for viewers, and a deleted product's images cleaned up.
import { Buffer } from "node:buffer";
import { expect, type Page } from "@playwright/test";
import { filesIn, insertRow, putFile, serviceClient } from "./backend";
import { unique } from "./helpers";
import { test } from "./test";

const RED_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const BLUE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const IMAGE_RULE = "Files must be PNG, JPEG or WebP up to 5 MB.";
const DOCUMENT_RULE = "Files must be PDF up to 10 MB.";

async function newProduct() {
  return insertRow<{ id: number }>("products", { sku: unique("UPL"), name: "E2E upload lamp", price: 3 });
}

async function newOrder() {
  const { data } = await serviceClient().from("customers").select("id").limit(1).single();
  return insertRow<{ id: number }>("orders", { customer_id: data?.id });
}

const productImage = (page: Page) => page.locator(".ant-descriptions img.ant-image-img");
const fileInput = (page: Page) => page.locator("input[type=file]");

test.describe("as an editor", () => {
  test.use({ signedInAs: "editor" });

  test("the create form takes the product's image, which is there when the product is", async ({ page }) => {
    const sku = unique("NEWIMG");
    await page.goto("/products/create");
    await page.locator("form").getByLabel("SKU", { exact: true }).fill(sku);
    await page.locator("form").getByLabel("Name", { exact: true }).fill("Lamp with a picture");
    await page.locator("form").getByLabel("Price", { exact: true }).fill("4");
    // A file the bucket does not take is refused before anything is sent.
    await fileInput(page).setInputFiles({ name: "lamp.gif", mimeType: "image/gif", buffer: GIF });
    await expect(page.getByRole("alert").filter({ hasText: IMAGE_RULE })).toBeVisible();
    await fileInput(page).setInputFiles({ name: "lamp.png", mimeType: "image/png", buffer: RED_PNG });
    await expect(page.locator("form img.ant-image-img")).toBeVisible();
    await page.getByRole("button", { name: "Save" }).click();

    await expect(page).toHaveURL(/\/products\/\d+$/);
    const id = page.url().split("/").pop() ?? "";
    await expect(productImage(page)).toHaveAttribute("src", new RegExp(`/product-images/${id}/[^/]+\\.png$`));
    const { data } = await serviceClient().from("products").select("sku, image_path").eq("id", id).single();
    expect(data?.sku).toBe(sku);
    expect(data?.image_path).toMatch(new RegExp(`^${id}/[^/]+\\.png$`));
    expect(await filesIn("product-images", id)).toHaveLength(1);
  });

  test("adds, replaces by drag and drop, and removes a product image; bad files never leave the browser", async ({
    page,
  }) => {
    const product = await newProduct();
    await page.goto(`/products/${product.id}`);
    await expect(page.getByText("No image")).toBeVisible();
    await expect(page.getByText(IMAGE_RULE)).toBeVisible();

    await fileInput(page).setInputFiles({ name: "lamp.png", mimeType: "image/png", buffer: RED_PNG });
    await expect(productImage(page)).toHaveAttribute("src", new RegExp(`/product-images/${product.id}/[^/]+\\.png$`));
    const first = await productImage(page).getAttribute("src");
    expect(await filesIn("product-images", String(product.id))).toHaveLength(1);

    // Drag and drop a replacement onto the drop zone: a new object, the old one removed.
    const dropped = await page.evaluateHandle((base64) => {
      const transfer = new DataTransfer();
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], "blue.png", { type: "image/png" }));
      return transfer;
    }, BLUE_PNG.toString("base64"));
    await page.locator(".ant-upload-drag .ant-upload-btn").dispatchEvent("drop", { dataTransfer: dropped });
    await expect(productImage(page)).not.toHaveAttribute("src", first ?? "");
    await expect.poll(() => filesIn("product-images", String(product.id))).toHaveLength(1);
    const [stored] = await filesIn("product-images", String(product.id));
    expect(await productImage(page).getAttribute("src")).toContain(stored);

    // Refused in the browser with SPEC §8's message: text named .png (the type is read from
    // the first bytes, not the name; no message was showing before), a GIF, then too large.
    await expect(page.getByRole("alert")).toHaveCount(0);
    await fileInput(page).setInputFiles({
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("not an image, only text"),
    });
    await expect(page.getByRole("alert").filter({ hasText: IMAGE_RULE })).toBeVisible();
    await fileInput(page).setInputFiles({ name: "anim.gif", mimeType: "image/gif", buffer: GIF });
    await expect(page.getByRole("alert").filter({ hasText: IMAGE_RULE })).toBeVisible();
    await fileInput(page).setInputFiles({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1),
    });
    await expect(page.getByRole("alert").filter({ hasText: IMAGE_RULE })).toBeVisible();
    expect(await filesIn("product-images", String(product.id))).toEqual([stored]);

    await page.getByRole("button", { name: "Remove image" }).click();
    await page.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(page.getByText("No image")).toBeVisible();
    await expect.poll(() => filesIn("product-images", String(product.id))).toEqual([]);
    const { data } = await serviceClient().from("products").select("image_path").eq("id", product.id).single();
    expect(data?.image_path).toBeNull();
  });

  test("uploads an order document, downloads it through a signed URL and deletes it", async ({ page }) => {
    const order = await newOrder();
    await page.goto(`/orders/${order.id}`);
    const documents = page.locator(".ant-card").filter({ hasText: "Documents" });
    await expect(documents.getByText("No documents yet.")).toBeVisible();
    await expect(documents.getByText(DOCUMENT_RULE)).toBeVisible();

    // A PNG named .pdf is no document: the first bytes decide (no message was showing before).
    await expect(page.getByRole("alert")).toHaveCount(0);
    await fileInput(page).setInputFiles({ name: "scan.pdf", mimeType: "application/pdf", buffer: RED_PNG });
    await expect(page.getByRole("alert").filter({ hasText: DOCUMENT_RULE })).toBeVisible();
    await fileInput(page).setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: RED_PNG });
    await expect(page.getByRole("alert").filter({ hasText: DOCUMENT_RULE })).toBeVisible();
    expect(await filesIn("order-documents", String(order.id))).toEqual([]);

    const pdf = Buffer.from("%PDF-1.4\n% e2e\n");
    await fileInput(page).setInputFiles({ name: "Rechnung März.pdf", mimeType: "application/pdf", buffer: pdf });
    const link = documents.getByRole("button", { name: "download Rechnung_Marz.pdf", exact: true });
    await expect(link).toBeVisible();

    const downloading = page.waitForEvent("download");
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("Rechnung_Marz.pdf");
    expect(download.url()).toMatch(/\/storage\/v1\/object\/sign\/order-documents\/.+\?token=/);

    await documents.getByRole("button", { name: "Delete Rechnung_Marz.pdf" }).click();
    await page.locator(".ant-popover:visible").getByRole("button", { name: "Delete", exact: true }).click();
    await expect(documents.getByText("No documents yet.")).toBeVisible();
    expect(await filesIn("order-documents", String(order.id))).toEqual([]);
  });
});

test.describe("as a viewer", () => {
  test.use({ signedInAs: "viewer" });

  test("sees images and documents but cannot change them", async ({ page }) => {
    const product = await newProduct();
    const path = `${product.id}/seen.png`;
    await putFile("product-images", path, RED_PNG, "image/png");
    const updated = await serviceClient().from("products").update({ image_path: path }).eq("id", product.id);
    expect(updated.error).toBeNull();
    await page.goto(`/products/${product.id}`);
    await expect(productImage(page)).toHaveAttribute("src", /seen\.png$/);
    await expect(page.locator(".ant-upload-drag")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Remove image" })).toHaveCount(0);

    const order = await newOrder();
    await putFile("order-documents", `${order.id}/terms.pdf`, Buffer.from("%PDF-1.4"), "application/pdf");
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByRole("button", { name: "download terms.pdf", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Upload document" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Delete terms.pdf" })).toHaveCount(0);
  });
});

test.describe("as an admin", () => {
  test.use({ signedInAs: "admin" });

  test("deleting a product removes its images", async ({ page }) => {
    const product = await newProduct();
    await putFile("product-images", `${product.id}/gone.png`, RED_PNG, "image/png");
    await page.goto(`/products/${product.id}/edit`);
    await page.getByRole("button", { name: "Delete" }).click();
    await page.locator(".ant-popconfirm").getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/products(\?|$)/);
    // The delete (and the images with it) goes when its undo time has run out.
    await expect(page.getByRole("button", { name: /^Undo/ })).toBeVisible();
    await expect.poll(() => filesIn("product-images", String(product.id)), { timeout: 30_000 }).toEqual([]);
  });
});
