// Hostile tokens and bodies: forged or expired JWTs are refused with bad_jwt,
// a deleted user's token is worthless, and malformed bodies get a clear 4xx
// without a 500 and without writing anything.
import path from "node:path";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt, uniqueEmail } from "./fixtures/auth/helpers.js";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

let stack: TestStack;
let accessToken: string;
let userId: string;

beforeAll(async () => {
  stack = await startTestStack({ projectDir: path.join(FIXTURES, "auth") });
  const { data } = await stack.anon().auth.signUp({ email: uniqueEmail("victim"), password: "password-1" });
  accessToken = data.session?.access_token as string;
  userId = data.user?.id as string;
});
afterAll(async () => {
  await stack?.stop();
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${stack.url}/auth/v1${path}`, {
    method,
    headers: {
      apikey: stack.keys.anon,
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "x-supabase-api-version": "2024-01-01",
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function counts() {
  const [row] = await stack.sql(
    `select (select count(*)::int from auth.users) as users, (select count(*)::int from auth.sessions) as sessions,
            (select count(*)::int from auth.identities) as identities,
            (select count(*)::int from _stack.mail_messages) as mails`,
  );
  return row;
}

describe("forged and stale tokens", () => {
  const forgeries: Array<[string, () => Promise<string>]> = [
    [
      "alg none",
      async () => `${b64({ alg: "none", typ: "JWT" })}.${b64({ ...decodeJwt(accessToken), role: "service_role" })}.`,
    ],
    [
      "a wrong secret",
      async () =>
        new SignJWT({ ...decodeJwt(accessToken), role: "service_role" })
          .setProtectedHeader({ alg: "HS256", typ: "JWT" })
          .sign(new TextEncoder().encode("not-the-secret-not-the-secret-not-the-secret")),
    ],
    [
      "a tampered payload",
      async () => {
        const [header, , signature] = accessToken.split(".");
        return `${header}.${b64({ ...decodeJwt(accessToken), role: "service_role" })}.${signature}`;
      },
    ],
    [
      "an expired token",
      async () => {
        const now = Math.floor(Date.now() / 1000);
        return stack.ctx.jwt.sign({ ...decodeJwt(accessToken), iat: now - 600, exp: now - 120 });
      },
    ],
    ["garbage", async () => "not.a.jwt"],
  ];

  it.each(forgeries)("refuses %s on /user and on the admin API", async (_name, forge) => {
    const token = await forge();
    const user = await call("GET", "/user", token);
    expect(user).toMatchObject({ status: 403, body: { code: "bad_jwt" } });
    const admin = await call("GET", "/admin/users", token);
    expect(admin).toMatchObject({ status: 403, body: { code: "bad_jwt" } });
    const update = await call("PUT", "/user", token, { data: { hacked: true } });
    expect(update.status).toBe(403);
    const [row] = await stack.sql("select raw_user_meta_data from auth.users where id = $1", [userId]);
    expect(row.raw_user_meta_data.hacked).toBeUndefined();
  });

  it("refuses the anon key as a user and asks for a Bearer token", async () => {
    expect(await call("GET", "/user", stack.keys.anon)).toMatchObject({ status: 403, body: { code: "bad_jwt" } });
    const res = await fetch(`${stack.url}/auth/v1/logout`, {
      method: "POST",
      headers: { apikey: stack.keys.anon, authorization: "Basic abc", "x-supabase-api-version": "2024-01-01" },
    });
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe("no_authorization");
  });

  it("makes a deleted user's token worthless", async () => {
    const { data } = await stack.anon().auth.signUp({ email: uniqueEmail("gone"), password: "password-1" });
    const token = data.session?.access_token as string;
    await stack.service().auth.admin.deleteUser(data.user?.id as string);
    expect(await call("GET", "/user", token)).toMatchObject({ status: 403, body: { code: "user_not_found" } });
    expect((await call("PUT", "/user", token, { password: "password-2" })).status).toBe(403);
    expect((await call("POST", "/logout", token)).status).toBe(403);
    const [{ n }] = await stack.sql("select count(*)::int as n from auth.users where id = $1", [data.user?.id]);
    expect(n).toBe(0);
  });
});

describe("body abuse", () => {
  const raw = (path: string, body: string, contentType = "application/json") =>
    fetch(`${stack.url}/auth/v1${path}`, {
      method: "POST",
      headers: { apikey: stack.keys.anon, "content-type": contentType, "x-supabase-api-version": "2024-01-01" },
      body,
    });

  const abuses: Array<[string, string, string, number, string]> = [
    [
      "a huge body",
      "/signup",
      JSON.stringify({ email: uniqueEmail(), password: "password-1", data: { x: "x".repeat(2 << 20) } }),
      413,
      "request_too_large",
    ],
    ["a number as email", "/signup", JSON.stringify({ email: 12345, password: "password-1" }), 400, "bad_json"],
    ["an array as password", "/signup", JSON.stringify({ email: uniqueEmail(), password: ["a"] }), 400, "bad_json"],
    [
      "a string as data",
      "/signup",
      JSON.stringify({ email: uniqueEmail(), password: "password-1", data: "x" }),
      400,
      "bad_json",
    ],
    ["an array body", "/signup", JSON.stringify([1, 2]), 400, "bad_json"],
    ["broken JSON", "/signup", '{"email": "a@b.c", ', 400, "bad_json"],
    [
      "a prototype key",
      "/signup",
      `{"email":"${uniqueEmail()}","password":"password-1","data":{"__proto__":{"admin":true}}}`,
      400,
      "bad_json",
    ],
    [
      "an injection-shaped email",
      "/signup",
      JSON.stringify({ email: "' or 1=1 --", password: "password-1" }),
      400,
      "validation_failed",
    ],
    [
      "a 73-byte password",
      "/signup",
      JSON.stringify({ email: uniqueEmail(), password: "p".repeat(73) }),
      422,
      "validation_failed",
    ],
    [
      "an object as refresh token",
      "/token?grant_type=refresh_token",
      JSON.stringify({ refresh_token: { $ne: "" } }),
      400,
      "bad_json",
    ],
    ["a boolean as type", "/verify", JSON.stringify({ type: true, token_hash: "x" }), 400, "bad_json"],
    ["an unknown verify type", "/verify", JSON.stringify({ type: "admin", token_hash: "x" }), 400, "validation_failed"],
    ["a string as create_user", "/otp", JSON.stringify({ email: uniqueEmail(), create_user: "yes" }), 400, "bad_json"],
  ];

  it.each(abuses)("answers %s with a clear 4xx and writes nothing", async (_name, path, body, status, code) => {
    const before = await counts();
    const res = await raw(path, body);
    expect(res.status).toBe(status);
    expect((await res.json()).code).toBe(code);
    expect(await counts()).toEqual(before);
  });

  it("words a body of the wrong shape as GoTrue's Go decoder does, naming the first bad field in the body's order", async () => {
    const cases: Array<[string, string, string]> = [
      ["/signup", JSON.stringify({ email: 12345 }), "number into Go struct field SignupParams.email of type string"],
      ["/signup", '{"password": 1, "email": true}', "number into Go struct field SignupParams.password of type string"],
      [
        "/signup",
        JSON.stringify({ data: "x" }),
        "string into Go struct field SignupParams.data of type map[string]interface {}",
      ],
      ["/signup", JSON.stringify([1, 2]), "array into Go value of type api.SignupParams"],
      [
        "/otp",
        JSON.stringify({ create_user: "yes" }),
        "string into Go struct field OtpParams.create_user of type bool",
      ],
      [
        "/token?grant_type=refresh_token",
        JSON.stringify({ refresh_token: { $ne: "" } }),
        "object into Go struct field RefreshTokenGrantParams.refresh_token of type string",
      ],
    ];
    for (const [path, body, words] of cases) {
      const res = await raw(path, body);
      expect(await res.json()).toMatchObject({
        code: "bad_json",
        msg: `Could not parse request body as JSON: json: cannot unmarshal ${words}`,
      });
    }
  });

  it("refuses bodies that are not JSON objects whatever their content type", async () => {
    const before = await counts();
    const text = await raw("/signup", "email=a@b.c&password=x", "text/plain");
    expect(text.status).toBe(400);
    expect(text.headers.get("x-sb-error-code")).toBe("bad_json");
    const form = await raw("/signup", "email=a@b.c&password=x", "application/x-www-form-urlencoded");
    expect(form.status).toBe(415);
    expect(form.headers.get("x-sb-error-code")).toBe("bad_json");
    expect(await counts()).toEqual(before);
  });

  it("answers unknown auth paths with 404 in GoTrue's shape", async () => {
    const res = await fetch(`${stack.url}/auth/v1/nope`, { headers: { apikey: stack.keys.anon } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 404, error_code: "not_found" });
  });
});

describe("races", () => {
  it("lets one of several simultaneous sign-ups for an address win, never answering 500", async () => {
    const email = uniqueEmail("race");
    const results = await Promise.all(
      Array.from({ length: 5 }, () => stack.anon().auth.signUp({ email, password: "password-1" })),
    );
    expect(results.filter((r) => r.data.session)).toHaveLength(1);
    for (const r of results.filter((r) => r.error)) {
      expect(r.error?.status).toBe(422);
      expect(["user_already_exists", "email_exists"]).toContain(r.error?.code);
    }
    const [{ n }] = await stack.sql("select count(*)::int as n from auth.users where email = $1", [email]);
    expect(n).toBe(1);
  });

  it("serves simultaneous refreshes of one token the same child", async () => {
    const email = uniqueEmail("refresh-race");
    const { data } = await stack.anon().auth.signUp({ email, password: "password-1" });
    const token = data.session?.refresh_token as string;
    const results = await Promise.all(
      Array.from({ length: 4 }, () => stack.anon().auth.refreshSession({ refresh_token: token })),
    );
    for (const r of results) expect(r.error).toBeNull();
    expect(new Set(results.map((r) => r.data.session?.refresh_token)).size).toBe(1);
  });
});
