// The dashboard's cards show the figures dashboard_kpis() computes for the same operator,
// and the charts follow the chosen period. Cards and bars drill down to the list they
// summarise, which then counts what the figure counted (in a browser far from UTC too).

import { expect, type Page } from "@playwright/test";
import { signedInClient } from "./apiClient";
import { emailOf } from "./helpers";
import { test } from "./test";

test.use({ signedInAs: "viewer" });

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

const ordersChart = (page: Page) => page.getByRole("group", { name: "Orders per day" });
const listTotal = (page: Page) => page.locator(".ant-pagination-total-text");

test("KPI cards match dashboard_kpis() and the period choice redraws the charts", async ({ page }) => {
  const viewer = await signedInClient(emailOf("viewer"));

  // Other specs place orders meanwhile: compare a fresh answer with a fresh page until they agree.
  await expect(async () => {
    await page.goto("/");
    const { data } = await viewer.rpc("dashboard_kpis", undefined, { get: true });
    const kpis = data as Record<string, number>;
    await expect(page.getByTestId("kpi-orders_today")).toContainText(String(kpis.orders_today), { timeout: 5000 });
    await expect(page.getByTestId("kpi-revenue_30d")).toContainText(money.format(kpis.revenue_30d), { timeout: 5000 });
    await expect(page.getByTestId("kpi-pending_orders")).toContainText(kpis.pending_orders.toLocaleString("en-US"), {
      timeout: 5000,
    });
    await expect(page.getByTestId("kpi-low_stock_products")).toContainText(String(kpis.low_stock_products), {
      timeout: 5000,
    });
  }).toPass({ timeout: 45_000 });

  await expect(page.getByText("Orders per day, last 30 days")).toBeVisible();
  await expect(page.getByRole("group", { name: "Revenue per day" })).toBeVisible();
  const categories = page.getByTestId("category-revenue");
  await expect(categories.first()).toBeVisible();

  await page.getByText("7 days", { exact: true }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByText("Orders per day, last 7 days")).toBeVisible();
  await expect(ordersChart(page).getByRole("link")).toHaveCount(7);
  await page.getByText("90 days", { exact: true }).click();
  await expect(ordersChart(page).getByRole("link")).toHaveCount(90);
  const { data: rows } = await viewer.rpc("revenue_by_category", { days: 90 }, { get: true });
  await expect(categories).toHaveCount((rows as unknown[]).length);
});

test.describe("drill-down, in a browser 14 hours ahead of the server's UTC days", () => {
  test.use({ timezoneId: "Pacific/Kiritimati" });

  test("a day's bar opens that day's orders, as many as the bar counts", async ({ page }) => {
    const viewer = await signedInClient(emailOf("viewer"));
    const { data } = await viewer.rpc("orders_per_day", { days: 7 }, { get: true });
    const days = data as { day: string; orders: number }[];
    // A past day: other specs place orders today meanwhile.
    const day = days.slice(0, -1).findLast((d) => Number(d.orders) > 0);
    if (!day) throw new Error("the seed has orders on most days");
    await page.goto("/?days=7");
    // The bar reads its day in the operator's format; data-bar keeps the day's key.
    const bar = ordersChart(page).locator(`a[data-bar="${day.day}"]`);
    await expect(bar).toHaveAccessibleName(new RegExp(`: ${day.orders}$`));
    await bar.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/orders\?.*filters\[0\]\[field\]=placed_at/);
    await expect(page.locator('[data-filter-chip="placed_at"]')).toBeVisible();
    await expect(listTotal(page)).toHaveText(`${day.orders} orders`);
  });

  test("the cards open the pending orders and the low-stock products; a category opens its products", async ({
    page,
  }) => {
    const viewer = await signedInClient(emailOf("viewer"));
    await page.goto("/");
    await page.getByRole("link", { name: /Pending orders/ }).click();
    await expect(page.locator('[data-filter-chip="status"]')).toHaveText(/^Status: pending/i);
    await expect(listTotal(page)).toBeVisible();
    // Other specs place and change orders meanwhile: compare fresh figures until they agree.
    await expect(async () => {
      const { data } = await viewer.rpc("dashboard_kpis", undefined, { get: true });
      const pending = (data as Record<string, number>).pending_orders;
      await page.reload();
      await expect(listTotal(page)).toHaveText(`${pending} orders`, { timeout: 15_000 });
    }).toPass({ timeout: 60_000 });

    await page.goto("/");
    const { data } = await viewer.rpc("dashboard_kpis", undefined, { get: true });
    await page.getByRole("link", { name: /Low-stock products/ }).click();
    await expect(page).toHaveURL(/\/products\?/);
    await expect(page.locator('[data-filter-chip="stock"]')).toHaveText(/^Stock: to 9/);
    await expect(listTotal(page)).toHaveText(`${(data as Record<string, number>).low_stock_products} products`);

    await page.goto("/");
    const category = page.getByTestId("category-revenue").getByRole("link").first();
    const name = (await category.locator("span").first().textContent()) ?? "";
    await category.click();
    await expect(page.locator('[data-filter-chip="category_id"]')).toHaveText(`Category: ${name}`);
  });
});
