// When the server is slow or does not answer (issue 27 C2; docs/everyday.md "When the server
// does not answer"): the console's frame shows at once and says it waits; each first read
// goes out once; a list whose server is down says so in the operator's words (never
// "TypeError: Failed to fetch" or a gateway's "upstream connect error"), offers Retry, and
// clears by itself when the server answers; keys typed into a form whose record is still on
// its way are kept when it arrives.
import { expect, type Page, type Route } from "@playwright/test";
import { insertRow, serviceClient } from "./backend";
import { openPath, tableRows, unique } from "./helpers";
import { germanPhonePage, newOperatorPage } from "./operatorPage";
import { test } from "./test";
import { testWorld } from "./world";

const API = () => `${process.env.E2E_SUPABASE_URL}/`;

/** What a gateway says when the service behind it is down. */
const UPSTREAM_DOWN = "upstream connect error or disconnect/reset before headers. reset reason: connection failure";

/** Holds every request to `pattern` until released; returns the release and how many came. */
async function holdRequests(page: Page, pattern: string | RegExp) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let count = 0;
  await page.route(pattern, async (route: Route) => {
    count += 1;
    await released;
    await route.fallback();
  });
  return { release, count: () => count };
}

test("a slow server: the frame shows at once and says it waits; each first read goes out once", async () => {
  const page = await newOperatorPage("editor", { width: 1280, height: 800 });
  const permissions = await holdRequests(page, "**/rest/v1/rpc/my_access");
  const reads: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(API())) reads.push(new URL(request.url()).pathname);
  });
  // The access watch's join: once it has answered, a second permission read would go out.
  // (The kit relays the console's realtime socket to the world: its frames are watched there.)
  let accessJoined: () => void = () => {};
  const joined = new Promise<void>((resolve) => (accessJoined = resolve));
  await testWorld().world.onFrame(page.context(), ({ direction, payload }) => {
    const text = String(payload);
    if (direction === "received" && text.includes("access:") && text.includes("phx_reply")) accessJoined();
  });
  await page.goto("/products");
  // Nothing has answered what the operator may do yet: the frame is there all the same.
  await expect(page.getByRole("button", { name: /Search or jump to/ })).toBeVisible();
  await expect(page.getByText("Waiting for the server…")).toBeVisible();
  expect(permissions.count()).toBe(1);
  permissions.release();
  await expect(tableRows(page).first()).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Customers" })).toBeVisible();
  // Settled: the access watch has joined, and nothing was asked twice.
  await joined;
  await page.waitForLoadState("networkidle");
  // Opsdesk's: the operator's access, their row and their preferences (schema `opsdesk`).
  const once = ["/rest/v1/rpc/my_access", "/rest/v1/operators", "/rest/v1/preferences"];
  for (const path of once)
    expect(
      reads.filter((read) => read === path),
      path,
    ).toHaveLength(1);
});

test("in German on a phone: a list with the server down says so, offers Retry and clears when it answers", async () => {
  const page = await germanPhonePage("editor");
  await page.goto("/products");
  await expect(tableRows(page).first()).toBeVisible();

  const refuse = (route: Route) => route.abort("connectionrefused");
  await page.route(`${API()}**`, refuse);
  await openPath(page, "/categories");
  await expect(page.locator("[data-connection-banner]")).toContainText("Der Server ist nicht erreichbar.");
  await page.unroute(`${API()}**`, refuse);
  // Back by itself: the console tries again, and the page loads without a click.
  await expect(tableRows(page).first()).toBeVisible();
  await expect(page.locator("[data-connection-banner]")).toHaveCount(0);

  // A list is open; the server goes away behind its gateway (503) and the operator searches.
  await openPath(page, "/products");
  await expect(tableRows(page).first()).toBeVisible();
  const gatewayDown = (route: Route) => route.fulfill({ status: 503, contentType: "text/plain", body: UPSTREAM_DOWN });
  await page.route(`${API()}rest/**`, gatewayDown);
  const search = page.getByLabel("Produkte durchsuchen");
  await search.fill("Tasse");
  await search.press("Enter");
  const failed = page.locator(".ant-alert").filter({ hasText: "Produkte konnten nicht geladen werden" });
  await expect(failed).toBeVisible();
  await expect(failed).toContainText("Der Server ist nicht erreichbar.");
  const everything = await page.locator("body").innerText();
  for (const english of ["upstream", "TypeError", "Failed to fetch", "No products", "Keine Produkte", "Can't reach"]) {
    expect(everything).not.toContain(english);
  }
  await expect(page.locator(".ant-table .ant-spin-spinning")).toHaveCount(0);
  await page.unroute(`${API()}rest/**`, gatewayDown);
  await page.getByRole("button", { name: "Jetzt versuchen" }).click();
  await expect(failed).toHaveCount(0);
  await expect(page.locator("[data-connection-banner]")).toHaveCount(0);
  await expect(page.locator(".ant-alert-error")).toHaveCount(0);
});

test("keys typed into an edit form before its record arrives are kept", async () => {
  const product = await insertRow<{ id: number; name: string; sku: string }>("products", {
    sku: unique("LATE"),
    name: unique("Arrives late"),
    price: 3,
    stock: 2,
  });
  const page = await newOperatorPage("editor", { width: 1280, height: 800 });
  await page.goto("/products");
  await expect(tableRows(page).first()).toBeVisible();
  const record = await holdRequests(page, new RegExp(`/rest/v1/products\\?.*id=eq\\.${product.id}`));
  await page.goto(`/products/${product.id}/edit`);
  const name = page.locator("form").getByLabel("Name", { exact: true });
  await expect(name).toBeVisible();
  await name.focus();
  await page.keyboard.type("Typed while loading");
  expect(record.count()).toBeGreaterThan(0);
  record.release();
  await expect(page.locator("form").getByLabel("SKU")).toHaveValue(product.sku);
  await expect(name).toHaveValue("Typed while loading");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Product Typed while loading" })).toBeVisible();
  const { data } = await serviceClient().from("products").select("name, sku").eq("id", product.id).single();
  expect(data).toEqual({ name: "Typed while loading", sku: product.sku });
});
