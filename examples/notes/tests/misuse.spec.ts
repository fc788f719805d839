// What the kit says when it is used wrongly (docs/qa.md, "When something is wrong").
import { expect, test } from "opsdesk-stack/playwright";

test("a mailbox wait that times out says what arrived instead", async ({ mailbox, createUser, supabase }) => {
  const user = await createUser({ email: "someone@example.com" });
  await supabase.auth.resetPasswordForEmail(user.email);
  const error = await mailbox.next({ to: "nobody@example.com", timeout: "300ms" }).catch((e: Error) => e);
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message).toContain("no mail to nobody@example.com arrived within 300 ms");
  expect((error as Error).message).toContain('"Reset Your Password" to someone@example.com');
});

test("signIn({ role }) in a project without roles says how to give them", async ({ signIn }) => {
  await expect(signIn({ role: "editor" })).rejects.toThrow(/no roles the kit knows.*supabaseRoles/s);
});

test.describe
  .serial("fixtures belong to their test", () => {
    let kept: ((options?: { to?: string }) => Promise<unknown>) | undefined;
    test("keeps a fixture", async ({ mailbox }) => {
      kept = (options) => mailbox.next(options);
    });
    test("uses it in a later test", async () => {
      await expect((kept as NonNullable<typeof kept>)({ to: "x@example.com" })).rejects.toThrow(
        /mailbox\.next\(\) was used after its test ended/,
      );
    });
  });

test("a bad fault is refused with its reason", async ({ faults }) => {
  await expect(faults.fail({ service: "graphql" })).rejects.toThrow(/unknown service "graphql"/);
});
