// Live data between operators: two browser contexts (an editor and an admin) on the same
// records. One changes a row, the other's list updates and tints it; presence shows who
// else is on a record. (Edit conflicts between them: conflict.spec.ts.)
import { expect as baseExpect } from "@playwright/test";
import { formField } from "./helpers";
import { operator, productOfMyOwn } from "./live-helpers";
import { test } from "./test";
import { testWorld } from "./world";

// First loads of a lazy screen can take long on a busy shared machine.
const expect = baseExpect.configure({ timeout: 40_000 });

const searchUrl = (word: string) =>
  `/products?filters[0][field]=q&filters[0][operator]=contains&filters[0][value]=${word}`;

test("a colleague's save shows up in the list at once, tinted, over one channel per resource", async () => {
  const product = await productOfMyOwn();
  const editor = await operator("editor");
  const joins: string[] = [];
  // The kit relays the console's realtime socket to the world: its frames are watched there.
  await testWorld().world.onFrame(editor.context(), ({ direction, payload }) => {
    if (direction !== "sent") return;
    const text = String(payload);
    const topic = /"(realtime:[^"]+)","phx_join"|"topic":"(realtime:[^"]+)","event":"phx_join"/.exec(text);
    if (topic) joins.push(topic[1] ?? topic[2]);
  });
  await editor.goto(searchUrl(product.word));
  const row = editor.locator("tr.ant-table-row", { hasText: product.name });
  await expect(row).toBeVisible();
  await expect(row).not.toHaveClass(/opsdesk-live-changed/);

  // The tint lasts a moment: watch for it from before the colleague saves.
  const tinted = editor.locator(".ant-table-tbody").evaluate(
    (body, id) =>
      new Promise<boolean>((resolve) => {
        const seen = () => body.querySelector(`tr[data-row-key="${id}"].opsdesk-live-changed`) !== null;
        new MutationObserver((_, observer) => {
          if (!seen()) return;
          observer.disconnect();
          resolve(true);
        }).observe(body, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
      }),
    product.id,
  );

  const admin = await operator("admin");
  await admin.goto(`/products/${product.id}/edit`);
  await expect(formField(admin, "Stock")).toHaveValue("5");
  await formField(admin, "Stock").fill("42");
  await admin.getByRole("button", { name: "Save" }).click();

  await expect(row.getByRole("cell", { name: "42", exact: true })).toBeVisible();
  expect(await tinted).toBe(true);
  // The tint fades away.
  await expect(row).not.toHaveClass(/opsdesk-live-changed/, { timeout: 6000 });

  // To the record and back: the products channel is shared and kept, never joined twice.
  await row.locator(`a[href="/products/${product.id}"]`).click();
  await expect(editor).toHaveURL(new RegExp(`/products/${product.id}$`));
  await editor.goBack();
  await expect(row).toBeVisible();
  const productJoins = joins.filter((topic) => topic === "realtime:opsdesk:table:public:products");
  expect(productJoins).toHaveLength(1);
  expect(new Set(joins).size).toBe(joins.length);
});

test("presence shows who else views or edits the record", async () => {
  const product = await productOfMyOwn();
  const editor = await operator("editor");
  await editor.goto(`/products/${product.id}`);
  await expect(editor.getByText(product.name).first()).toBeVisible();

  const admin = await operator("admin");
  await admin.goto(`/products/${product.id}/edit`);
  await expect(admin.getByRole("status").getByText(/is viewing/)).toHaveText("Eddie Editor is viewing");
  await expect(editor.getByRole("status").getByText(/is editing/)).toHaveText("Ada Admin is editing");

  // Leaving the record takes the admin off the editor's page.
  await admin.goto("/products");
  await expect(editor.getByText("Ada Admin is editing")).toHaveCount(0, { timeout: 10_000 });
});
