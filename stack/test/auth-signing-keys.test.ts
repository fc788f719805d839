// [auth] signing_keys_path: tokens (sessions and the API keys) are signed with the
// ES256 key of the fixture's JWK set, its public half is published at
// /auth/v1/.well-known/jwks.json, auth.getClaims() verifies against it, and REST,
// storage, realtime and functions accept those tokens (and refuse forged ones).
import path from "node:path";
import { createLocalJWKSet, decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkJwt } from "../src/functions/gate.js";
import { confirmToken } from "../src/realtime/auth.js";
import { uniqueEmail } from "./fixtures/auth/helpers.js";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ projectDir: path.join(FIXTURES, "auth-mfa") });
});
afterAll(async () => {
  await stack?.stop();
});

describe("asymmetric signing keys", () => {
  it("publishes the public key only, and signs sessions and API keys with it", async () => {
    const res = await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`);
    expect(res.headers.get("cache-control")).toBe("public, max-age=600");
    const jwks = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig", key_ops: ["verify"] });
    expect(jwks.keys[0]).not.toHaveProperty("d");

    const client = stack.anon();
    const { data } = await client.auth.signUp({ email: uniqueEmail("keys"), password: "password-1" });
    const token = data.session?.access_token as string;
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: "ES256", kid: jwks.keys[0].kid });
    const keySet = createLocalJWKSet(jwks as never);
    await expect(jwtVerify(token, keySet)).resolves.toBeTruthy();
    await expect(jwtVerify(stack.keys.anon, keySet)).resolves.toBeTruthy();
    await expect(jwtVerify(stack.keys.serviceRole, keySet)).resolves.toBeTruthy();

    const claims = await client.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data?.claims).toMatchObject({ sub: data.user?.id, role: "authenticated", aal: "aal1" });
  });

  it("is accepted by REST, storage, realtime and functions; a token from another key is not", async () => {
    const { data } = await stack.anon().auth.signUp({ email: uniqueEmail("svc"), password: "password-1" });
    const token = data.session?.access_token as string;
    const user = stack.asUser(token);
    expect((await user.from("notes").select("body")).error).toBeNull();
    expect((await user.storage.listBuckets()).error).toBeNull();
    await expect(confirmToken(stack.ctx.jwt, token)).resolves.toMatchObject({ role: "authenticated" });
    expect(await checkJwt(`Bearer ${token}`, stack.ctx.jwt)).toEqual({ ok: true });

    const { privateKey } = await generateKeyPair("ES256");
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ role: "service_role", iat: now, exp: now + 60 })
      .setProtectedHeader({ alg: "ES256", kid: decodeProtectedHeader(token).kid })
      .sign(privateKey);
    const rest = await fetch(`${stack.url}/rest/v1/notes`, {
      headers: { apikey: stack.keys.anon, authorization: `Bearer ${forged}` },
    });
    expect(rest.status).toBe(401);
    expect((await stack.asUser(forged).storage.listBuckets()).error).not.toBeNull();
    expect(await checkJwt(`Bearer ${forged}`, stack.ctx.jwt)).toEqual({ ok: false, msg: "Invalid JWT" });
  });
});
