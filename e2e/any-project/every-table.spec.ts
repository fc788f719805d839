// Every table of a fixture project, through the console generated from its live schema
// (docs/any-project.md "The console"): as admin, list → show → create → edit → delete in the
// browser with no page error; as viewer, every list and record read-only. One step per table,
// so a run names every table that fails, not only the first.
import { expect, type Page } from "@playwright/test";
import { formFields } from "../../src/lib/select";
import type { ResourceDefinition } from "../../src/resources/types";
import { decodeKey } from "../../src/schema/names";
import {
  apiSignIn,
  definitionsFor,
  fill,
  listTitle,
  operator,
  PASSWORD,
  rowsWhere,
  type Session,
  valueFor,
} from "./fixture";
import { test } from "./test";

const pathOf = (def: ResourceDefinition) => `/${def.route ?? def.name}`;

async function signIn(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Tables" })).toBeVisible();
}

/** Page errors and failed screens while `run` goes. */
async function withoutPageErrors(page: Page, run: () => Promise<void>) {
  const errors: string[] = [];
  const listener = (error: Error) => errors.push(error.message);
  page.on("pageerror", listener);
  try {
    await run();
  } finally {
    page.off("pageerror", listener);
  }
  expect(errors, "page errors").toEqual([]);
  await expect(page.getByText("Something went wrong on this screen")).toHaveCount(0);
}

/** With E2E_SHOTS=DIR (trying a project by hand), a screenshot of each screen the run passes. */
async function shot(page: Page, def: ResourceDefinition, screen: string) {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${def.name.replace(/[^\w.-]/g, "_")}-${screen}.png`, fullPage: true });
}

async function openList(page: Page, def: ResourceDefinition) {
  await page.goto(pathOf(def));
  await expect(page.getByRole("heading", { name: listTitle(def), exact: true })).toBeVisible();
  await expect(page.getByText(/^Could not load/)).toHaveCount(0);
  await shot(page, def, "list");
}

/** The refusal a save shows, if any: beside Save or on a field. */
async function saveProblem(page: Page): Promise<string> {
  const texts = await page.locator(".ant-form-item-explain-error, .ant-alert-error").allInnerTexts();
  return texts.join(" | ");
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save" }).click();
  // A saved record opens its page; a refusal stays on the form and says why.
  await expect(async () => {
    const problem = await saveProblem(page);
    expect(problem, "refused save").toBe("");
    expect(page.url()).not.toMatch(/\/(create|edit)$/);
  }).toPass({ timeout: 20_000 });
}

/** Deletes the record whose page is open: Delete, confirm, then leave the list in the app (which sends it). */
async function deleteOpenRecord(page: Page) {
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("button", { name: "Delete" }).last().click();
  await expect(page.getByText(/^Deleted /)).toBeVisible();
  // Leaving the screen that shows the notice sends the waiting delete at once (features/undo); a
  // page load would drop it (the browser asks first, and Playwright dismisses the question).
  await page.getByRole("menuitem", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Tables" })).toBeVisible();
}

/**
 * Creates a record; a key of references or an enum that already exists is tried with other
 * options, and when every choice exists (an enum of four priorities, all taken), one record is
 * deleted first and its key made again.
 */
async function create(page: Page, def: ResourceDefinition, users: string[], fixedDate: string) {
  const fields = formFields(def, "create").filter((f) => f.required || f.createOnly);
  let last = "";
  for (let attempt = 0; attempt < 6; attempt += 1) {
    if (attempt === 5) {
      await openList(page, def);
      await page.getByRole("link", { name: "Show" }).first().click();
      await expect(page.getByRole("button", { name: "Refresh" })).toBeVisible();
      await deleteOpenRecord(page);
    }
    await page.goto(`${pathOf(def)}/create`);
    await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
    // After a refusal, enums left to their default get a choice too (a policy may refuse the default).
    const chosen =
      attempt === 0 ? fields : formFields(def, "create").filter((f) => fields.includes(f) || f.type === "enum");
    for (const field of chosen) await fill(page, field, users, fixedDate, attempt % 5);
    await page.getByRole("button", { name: "Save" }).click();
    const outcome = await expect
      .poll(async () => (await saveProblem(page)) || (/\/(create)$/.test(page.url()) ? "" : "saved"), {
        timeout: 20_000,
      })
      .not.toBe("")
      .then(() => saveProblem(page));
    if (!outcome) return;
    last = outcome;
    // Another choice may be one the project's rules take (a restrictive policy refusing drafts).
    if (!/already exists/.test(outcome) && attempt >= 3) throw new Error(`refused save: ${outcome}`);
  }
  throw new Error(`refused save: ${last}`);
}

test.describe("a project's every table", () => {
  let admin: Session;
  let definitions: ResourceDefinition[];
  let users: string[];

  test.beforeAll(async () => {
    admin = await apiSignIn(operator("admin"));
    definitions = await definitionsFor(admin);
    users = await Promise.all(
      ["viewer", "editor", "admin"].map(async (r) => (await apiSignIn(operator(r as never))).userId),
    );
  });

  test("as admin: list, show, create, edit and delete every table", async ({ page }) => {
    test.setTimeout(60_000 + definitions.length * 45_000);
    await signIn(page, operator("admin"));
    // A day of its own per run: tables keyed by a date (holidays) take a new one.
    const day = new Date(
      Date.UTC(
        2031 + Math.floor(Math.random() * 60),
        Math.floor(Math.random() * 12),
        1 + Math.floor(Math.random() * 28),
      ),
    );
    const fixedDate = day.toISOString().slice(0, 10);
    const failures: string[] = [];
    for (const def of definitions) {
      await test.step(`${def.name}`, async () => {
        await withoutPageErrors(page, async () => {
          await openList(page, def);
          const screens = def.screens ?? {};
          if (screens.show !== false) {
            const show = page.getByRole("link", { name: "Show" }).first();
            if (await show.count()) {
              await show.click();
              await expect(page.getByRole("button", { name: "Refresh" })).toBeVisible();
              await shot(page, def, "show");
            }
          }
          if (def.readOnlyReason) {
            await page.goto(pathOf(def));
            await expect(page.getByText(/shown, not changed here/)).toBeVisible();
            await expect(page.getByRole("button", { name: "Create" })).toHaveCount(0);
            return;
          }
          if (screens.create === false) return;
          // Create with every value the database requires (and the keys an operator gives).
          await create(page, def, users, fixedDate);
          const id = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1) ?? "");
          expect.soft(id, "the new record's page").not.toBe("");
          if (screens.edit !== false) {
            await page.getByRole("button", { name: "Edit" }).click();
            await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
            const editable = formFields(def, "edit").find(
              (f) => (f.type === "text" || f.type === "longText") && !f.pattern && !f.options && !f.reference,
            );
            const input = editable && page.locator("form").getByLabel(editable.label, { exact: true });
            // The form shows the record first; a value typed before it arrives would be overwritten.
            await expect(page.locator(".ant-spin-spinning")).toHaveCount(0);
            if (input && editable) await input.fill(valueFor(editable, users));
            await save(page);
            if (editable) {
              // The change is in the record's history (the project's opsdesk audit log).
              await page.getByRole("tab", { name: "History" }).click();
              await expect(page.getByRole("cell", { name: "Changed" }).first()).toBeVisible();
              await page.getByRole("tab", { name: "Details" }).click();
            }
          }
          if (screens.delete !== false) {
            await deleteOpenRecord(page);
            const key = def.keyColumns ?? [def.idColumn ?? "id"];
            const where = decodeKey(id, key) ?? {};
            await expect.poll(async () => (await rowsWhere(admin, def, where)).length, { timeout: 15_000 }).toBe(0);
          }
        }).catch(async (error: Error) => {
          // The other tables still run: the test names every table that failed.
          failures.push(`${def.name}: ${error.message.split("\n").slice(0, 3).join(" ")}`);
          await page.goto("/");
        });
      });
    }
    expect(failures).toEqual([]);
  });

  test("as viewer: every table read-only", async ({ page }) => {
    const viewer = await apiSignIn(operator("viewer"));
    const visible = await definitionsFor(viewer);
    test.setTimeout(60_000 + visible.length * 15_000);
    await signIn(page, operator("viewer"));
    for (const def of visible) {
      await test.step(def.name, async () => {
        await withoutPageErrors(page, async () => {
          await openList(page, def);
          await expect(page.getByRole("button", { name: "Create" })).toHaveCount(0);
          await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
          await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);
          const show = page.getByRole("link", { name: "Show" }).first();
          if (await show.count()) {
            await show.click();
            await expect(page.getByRole("button", { name: "Refresh" })).toBeVisible();
            await expect(page.getByRole("button", { name: "Edit" })).toHaveCount(0);
            await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);
          }
        });
      });
    }
  });
});
