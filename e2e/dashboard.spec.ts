// The dashboard's cards show the figures dashboard_kpis() computes for the same operator,
// and the charts follow the chosen period.

import { expect } from "@playwright/test";
import { signedInClient } from "./apiClient";
import { emailOf, sessionFile } from "./helpers";
import { test } from "./test";

test.use({ storageState: sessionFile("viewer") });

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

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
  await expect(page.getByRole("img", { name: "Revenue per day" })).toBeVisible();
  const categories = page.getByTestId("category-revenue");
  await expect(categories.first()).toBeVisible();

  await page.getByText("7 days", { exact: true }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByText("Orders per day, last 7 days")).toBeVisible();
  await expect(page.getByRole("img", { name: "Orders per day" }).locator("rect")).toHaveCount(7);
  await page.getByText("90 days", { exact: true }).click();
  await expect(page.getByRole("img", { name: "Orders per day" }).locator("rect")).toHaveCount(90);
  const { data: rows } = await viewer.rpc("revenue_by_category", { days: 90 }, { get: true });
  await expect(categories).toHaveCount((rows as unknown[]).length);
});
