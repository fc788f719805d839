// Access tokens of a signed-out session (docs/security.md "Signed-out tokens"): after
// "sign out everywhere" the tokens of every session of the user stop working for REST,
// storage and realtime's broadcast API at once, not when they expire an hour later; a
// session deleted in the database (not through Auth) is refused too.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "./fixtures/auth/helpers.js";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

describe("tokens of deleted sessions", () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ projectDir: path.join(FIXTURES, "storage") });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function twoSessions() {
    const email = uniqueEmail("sessions");
    expect((await stack.anon().auth.signUp({ email, password: "password-1" })).error).toBeNull();
    const sign = async () => {
      const client = stack.anon();
      const { data, error } = await client.auth.signInWithPassword({ email, password: "password-1" });
      if (error) throw error;
      return { client, token: data.session.access_token };
    };
    return [await sign(), await sign()];
  }

  const calls = (token: string) => {
    const headers = { apikey: stack.keys.anon, authorization: `Bearer ${token}` };
    return {
      rest: () => fetch(`${stack.url}/rest/v1/`, { headers }),
      storage: () =>
        fetch(`${stack.url}/storage/v1/object/list/assets`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({ prefix: "" }),
        }),
      broadcast: () =>
        fetch(`${stack.url}/realtime/v1/api/broadcast`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({ messages: [{ topic: "t", event: "e", payload: {} }] }),
        }),
    };
  };

  async function expectRefused(token: string) {
    const call = calls(token);
    const rest = await call.rest();
    expect(rest.status).toBe(401);
    expect(await rest.json()).toMatchObject({
      code: "PGRST303",
      message: "Session from session_id claim in JWT does not exist",
    });
    const storage = await call.storage();
    expect(await storage.json()).toMatchObject({ statusCode: "403", code: "InvalidJWT" });
    const broadcast = await call.broadcast();
    expect(broadcast.status).toBe(401);
    expect(await broadcast.json()).toEqual({ message: "Token has been revoked" });
  }

  it("refuses every session's token at once after sign out everywhere", async () => {
    const [kept, signingOut] = await twoSessions();
    const before = calls(kept.token);
    expect((await before.rest()).status).toBe(200);
    expect((await before.storage()).status).toBe(200);
    expect((await before.broadcast()).status).toBe(202);

    expect((await signingOut.client.auth.signOut({ scope: "global" })).error).toBeNull();
    await expectRefused(kept.token);
    await expectRefused(signingOut.token);
  });

  it("refuses a token whose session was deleted in the database", async () => {
    const [one] = await twoSessions();
    const sessionId = JSON.parse(Buffer.from(one.token.split(".")[1], "base64url").toString()).session_id;
    await stack.sql("delete from auth.sessions where id = $1", [sessionId]);
    await expectRefused(one.token);
  });
});
