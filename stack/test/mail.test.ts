// The mail catcher at /_mail: JSON API, the HTML page, and isolation between stacks.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CaughtMail, latestMail, mailsTo, uniqueEmail } from "./fixtures/auth/helpers.js";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

let stack: TestStack;
let other: TestStack;
beforeAll(async () => {
  [stack, other] = await Promise.all([
    startTestStack({ projectDir: path.join(FIXTURES, "auth") }),
    startTestStack({ projectDir: path.join(FIXTURES, "auth-confirm") }),
  ]);
});
afterAll(async () => {
  await Promise.all([stack?.stop(), other?.stop()]);
});

async function invite(email: string, fullName = "Test") {
  const { error } = await stack.service().auth.admin.inviteUserByEmail(email, { data: { full_name: fullName } });
  expect(error).toBeNull();
}

describe("mail catcher", () => {
  it("lists mail newest first, filtered by recipient case-insensitively, without an API key", async () => {
    const email = uniqueEmail("list");
    await invite(email);
    await stack.service().auth.admin.updateUserById(await userId(email), {
      email_confirm: true,
      password: "password-1",
    });
    await stack.anon().auth.resetPasswordForEmail(email);
    const mails = await mailsTo(stack, email.toUpperCase());
    expect(mails.map((m) => m.type)).toEqual(["recovery", "invite"]);
    expect(new Date(mails[0].created_at).getTime()).toBeGreaterThanOrEqual(new Date(mails[1].created_at).getTime());
    expect(Object.keys(mails[0]).sort()).toEqual(
      ["action_link", "created_at", "html", "id", "subject", "text", "to", "type"].sort(),
    );
    const all = (await (await fetch(`${stack.url}/_mail/api/messages`)).json()) as CaughtMail[];
    expect(all.length).toBeGreaterThanOrEqual(2);
    const short = (await (await fetch(`${stack.url}/_mail/messages?to=${email}`)).json()) as CaughtMail[];
    expect(short).toEqual(mails);
  });

  it("reads one message, and 404s unknown ids", async () => {
    const email = uniqueEmail("one");
    await invite(email);
    const mail = await latestMail(stack, email);
    const res = await fetch(`${stack.url}/_mail/api/messages/${mail.id}`);
    expect(await res.json()).toEqual(mail);
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      expect((await fetch(`${stack.url}/_mail/api/messages/${id}`)).status).toBe(404);
    }
  });

  it("renders an HTML page with clickable action links and escaped content", async () => {
    const email = uniqueEmail("page");
    await invite(email, "<script>alert(1)</script>");
    const mail = await latestMail(stack, email);
    const res = await fetch(`${stack.url}/_mail?to=${encodeURIComponent(email)}`);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain(`href="${(mail.action_link as string).replaceAll("&", "&#38;")}"`);
    expect(html).toContain("Join http://127.0.0.1:3000");
    expect(html).not.toContain("<script>alert(1)</script>");
  });

  it("deletes mail by recipient or all of it", async () => {
    const a = uniqueEmail("del-a");
    const b = uniqueEmail("del-b");
    await invite(a);
    await invite(b);
    const one = await fetch(`${stack.url}/_mail/api/messages?to=${encodeURIComponent(a)}`, { method: "DELETE" });
    expect(await one.json()).toEqual({ deleted: 1 });
    expect(await mailsTo(stack, a)).toEqual([]);
    expect(await mailsTo(stack, b)).toHaveLength(1);
    await fetch(`${stack.url}/_mail/api/messages`, { method: "DELETE" });
    expect(await (await fetch(`${stack.url}/_mail/api/messages`)).json()).toEqual([]);
  });

  it("keeps each stack's mail to itself", async () => {
    const email = uniqueEmail("isolated");
    await other.anon().auth.signUp({ email, password: "password1" });
    expect(await mailsTo(other, email)).toHaveLength(1);
    expect(await mailsTo(stack, email)).toEqual([]);
  });
});

async function userId(email: string): Promise<string> {
  const [row] = await stack.sql<{ id: string }>("select id from auth.users where email = $1", [email]);
  return row.id;
}
