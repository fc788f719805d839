// Notes, tested with every fixture of the QA kit (docs/qa.md). Each test runs in a world of
// its own, so the tests run side by side in any order.
import { expect, test } from "opsdesk-stack/playwright";

test("each user sees only their own notes", async ({ page, createUser, sql, signIn }) => {
  const ada = await createUser({ email: "ada@example.com" });
  const bob = await createUser({ email: "bob@example.com" });
  await sql.superuser`insert into notes (owner, title) values (${ada.id}, 'Ada''s plan'), (${bob.id}, 'Bob''s list')`;

  await signIn(ada.email);
  await page.goto("/");
  await expect(page.getByText("Signed in as ada@example.com")).toBeVisible();
  await expect(page.getByRole("list", { name: "Notes" }).getByRole("listitem")).toHaveText(["Ada's plan"]);
});

test("a note added in the page is stored and another one arrives live", async ({ page, signIn, supabase }) => {
  const { user } = await signIn("writer@example.com");
  await page.goto("/");
  await expect(page.locator("#live")).toHaveText("live");
  await page.getByLabel("New note").fill("Buy milk");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("listitem")).toHaveText(["Buy milk"]);

  const { data } = await supabase.from("notes").select("title, owner");
  expect(data).toEqual([{ title: "Buy milk", owner: user.id }]);

  await supabase.from("notes").insert({ owner: user.id, title: "Written elsewhere" });
  await expect(page.getByRole("listitem")).toHaveText(["Buy milk", "Written elsewhere"]);
});

test("a customer gets the reset e-mail and sets a new password", async ({ page, createUser, mailbox }) => {
  const user = await createUser({ email: "forgetful@example.com", password: "old-password" });
  await page.goto("/");
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(page.getByText("Check your e-mail")).toBeVisible();

  const mail = await mailbox.next({ to: user.email, subject: "Reset" });
  expect(mail.otp).toMatch(/^\d{6}$/);
  expect(mail.links).toContain(mail.actionLink);
  await page.goto(mail.actionLink as string);
  await page.getByLabel("New password").fill("new-password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Your password has been changed.")).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill("new-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();
});

test("a day later the access token has expired, the page refreshed it, and the nightly digest ran", async ({
  page,
  signIn,
  clock,
  sql,
  supabase,
  world,
}) => {
  const { user, session } = await signIn("sleeper@example.com");
  await page.goto("/");
  await expect(page.locator("#live")).toHaveText("live");
  await supabase.from("notes").insert({ owner: user.id, title: "Before the night" });

  const later = await clock.advance("1d");
  const [{ now }] = await sql<{ now: Date }>`select now()`;
  expect(Math.abs(now.getTime() - later.getTime())).toBeLessThan(60_000);
  expect(await sql`select note_count from digests where owner = ${user.id}`).toEqual([{ note_count: 1 }]);

  // The token handed out before the jump is refused now…
  const stale = await fetch(`${world.url}/rest/v1/notes`, {
    headers: { apikey: session.access_token, authorization: `Bearer ${session.access_token}` },
  });
  expect(stale.status).toBe(401);
  // …and the page, whose clock moved too, refreshed its session and goes on working.
  await page.getByLabel("New note").fill("After the night");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
});

test("the relayed realtime frames are watched through the world, and a route of the test's own reaches the world", async ({
  page,
  signIn,
  supabase,
  world,
}) => {
  const { user } = await signIn("watcher@example.com");
  const sent: string[] = [];
  const received: string[] = [];
  await world.onFrame(page.context(), ({ direction, payload }) =>
    (direction === "sent" ? sent : received).push(String(payload)),
  );
  // The test's own handler sees each save's answer, taken from the world.
  const answers: number[] = [];
  await page.route("**/rest/v1/notes**", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    const response = await world.fetch(route);
    answers.push(response.status());
    await route.fulfill({ response });
  });
  await page.goto("/");
  await expect(page.locator("#live")).toHaveText("live");
  expect(sent.some((frame) => frame.includes("phx_join"))).toBe(true);
  await page.getByLabel("New note").fill("Seen twice");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("listitem")).toHaveText(["Seen twice"]);
  expect(answers).toEqual([201]);
  await supabase.from("notes").insert({ owner: user.id, title: "From afar" });
  await expect(page.getByRole("listitem")).toHaveText(["Seen twice", "From afar"]);
  expect(received.some((frame) => frame.includes("From afar"))).toBe(true);
});

test("a failing save says why, a slow one shows it is saving", async ({ page, signIn, faults }) => {
  await signIn("unlucky@example.com");
  await page.goto("/");
  await faults.fail(
    { path: "/rest/v1/notes", method: "POST" },
    { status: 503, body: { message: "down for maintenance" } },
  );
  await page.getByLabel("New note").fill("Lost?");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("alert")).toHaveText("Could not save the note: down for maintenance");

  await faults.clear();
  await faults.delay({ service: "rest", method: "POST" }, "1500ms");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Saving…")).toBeVisible();
  await expect(page.getByText("Saved.")).toBeVisible();
});

test("a context set offline no longer reaches its world, and does again once back online", async ({
  page,
  signIn,
  supabase,
}) => {
  await signIn("traveller@example.com");
  await page.goto("/");
  await page.context().setOffline(true);
  await page.getByLabel("New note").fill("Written on a train");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("alert")).toContainText("Could not save the note");
  expect((await supabase.from("notes").select("title")).data).toEqual([]);

  await page.context().setOffline(false);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("listitem")).toHaveText(["Written on a train"]);
});

test("dropped realtime sockets reconnect and the list stays live", async ({ page, signIn, faults, supabase }) => {
  const { user } = await signIn("commuter@example.com");
  await page.goto("/");
  await expect(page.locator("#live")).toHaveText("live");
  expect(await faults.dropRealtime()).toBeGreaterThan(0);
  await expect(page.locator("#live")).toHaveText("offline");
  await expect(page.locator("#live")).toHaveText("live", { timeout: 30_000 });
  await supabase.from("notes").insert({ owner: user.id, title: "After the tunnel" });
  await expect(page.getByRole("listitem")).toHaveText(["After the tunnel"]);
});

test("a slow database slows every statement", async ({ sql, faults }) => {
  await faults.slowDatabase("400ms");
  const started = performance.now();
  await sql`select 1`;
  expect(performance.now() - started).toBeGreaterThanOrEqual(400);
});

test("the world is fresh: no notes, no mail, no users but the test's", async ({ sql, mailbox, supabase }) => {
  expect(await sql`select * from notes`).toEqual([]);
  expect(await mailbox.all()).toEqual([]);
  const { data } = await supabase.auth.admin.listUsers();
  expect(data.users).toEqual([]);
});

test("the mail catcher answers Mailpit's API, as the CLI's does", async ({ supabase, mailbox }) => {
  await supabase.auth.resetPasswordForEmail("mailpit@example.com");
  await supabase.auth.admin.createUser({ email: "mailpit@example.com", email_confirm: true });
  await supabase.auth.resetPasswordForEmail("mailpit@example.com");
  await mailbox.next({ to: "mailpit@example.com" });
  const list = await (
    await fetch(`${mailbox.url}/api/v1/search?query=${encodeURIComponent("to:mailpit@example.com")}`)
  ).json();
  expect(list.messages_count).toBe(1);
  const message = await (await fetch(`${mailbox.url}/api/v1/message/${list.messages[0].ID}`)).json();
  expect(message.Subject).toBe("Reset Your Password");
  expect(message.To).toEqual([{ Name: "", Address: "mailpit@example.com" }]);
});
