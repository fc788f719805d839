// A warm start of the generated console (docs/any-project.md "The console"): once describe()'s
// answer is cached for this operator and schema version, a page load renders the first list
// from the cache and makes no describe() round trip before it (only schema_version(), behind
// it). bench:console prints the same count on its large table (bench/console/generated.ts).
import { expect } from "@playwright/test";
import { apiSignIn, definitionsFor, listTitle, operator, PASSWORD } from "./fixture";
import { test } from "./test";

test("a warm start makes no describe() round trip before the first list", async ({ page }) => {
  const definitions = await definitionsFor(await apiSignIn(operator("admin")));
  const def = definitions.find((d) => !d.readOnlyReason) ?? definitions[0];
  const table = def.table ?? { schema: "public", name: def.name };
  const listPath = `/${def.route ?? def.name}`;
  const heading = page.getByRole("heading", { name: listTitle(def), exact: true });

  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/rest/v1/")) asked.push(url.pathname);
  });
  // Cold: the sign-in describes the schema and caches it.
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(operator("admin"));
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Tables" })).toBeVisible();
  expect(asked).toContain("/rest/v1/rpc/describe");

  // Warm: a new page load of a list, up to the moment its own read went out and its title shows.
  asked.length = 0;
  const listRead = page.waitForRequest((r) => new URL(r.url()).pathname === `/rest/v1/${table.name}`);
  await page.goto(listPath);
  await listRead;
  await expect(heading).toBeVisible();
  const beforeList = asked.slice(0, asked.indexOf(`/rest/v1/${table.name}`) + 1);
  expect(beforeList).not.toContain("/rest/v1/rpc/describe");
  expect(beforeList.at(-1)).toBe(`/rest/v1/${table.name}`);
});
