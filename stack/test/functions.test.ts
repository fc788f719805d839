// Edge functions through the official functions-js client: real Deno processes
// behind the verify_jwt gate, passthrough of everything, crashes, restarts, and a
// function calling back into the stack.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { FunctionsHttpError } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

describe("edge functions", () => {
  let stack: TestStack;
  let projectDir: string;
  let userToken: string;

  beforeAll(async () => {
    // A copy, so the restart test can edit a function without touching the repo.
    projectDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-functions-"));
    cpSync(path.join(FIXTURES, "functions"), projectDir, { recursive: true });
    stack = await startTestStack({ projectDir });
    const iat = Math.floor(Date.now() / 1000);
    userToken = await stack.ctx.jwt.sign({
      sub: "0b7e1c52-4a1e-4f5e-9d7a-3c1f2a9b8e01",
      role: "authenticated",
      aud: "authenticated",
      iat,
      exp: iat + 3600,
    });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    rmSync(projectDir, { recursive: true, force: true });
  });

  const url = (p: string) => `${stack.url}/functions/v1/${p}`;

  it("invokes a function with a JSON body and measures cold and warm latency", async () => {
    const client = stack.anon().functions;
    const t0 = performance.now();
    const { data, error } = await client.invoke("echo", { body: { name: "Ada" } });
    const cold = performance.now() - t0;
    expect(error).toBeNull();
    expect(data).toMatchObject({ method: "POST", path: "/echo", body: '{"name":"Ada"}' });
    expect(data.headers["content-type"]).toBe("application/json");
    expect(data.headers.authorization).toBe(`Bearer ${stack.keys.anon}`);

    const warm: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      expect((await client.invoke("echo", { body: { i } })).error).toBeNull();
      warm.push(performance.now() - t);
    }
    warm.sort((a, b) => a - b);
    console.log(
      `functions latency: cold ${cold.toFixed(0)} ms, warm median ${warm[10].toFixed(1)} ms, p95 ${warm[18].toFixed(1)} ms`,
    );
  });

  it("gives the function the Supabase environment and functions/.env, not the host's", async () => {
    const { data } = await stack.service().functions.invoke("echo", { method: "GET" });
    expect(data.env).toEqual({
      url: stack.url,
      anon: stack.keys.anon,
      service: stack.keys.serviceRole,
      db: stack.ctx.db.url,
      publishable: JSON.stringify({ default: stack.keys.publishable }),
      // The CLI's SUPABASE_JWKS without signing keys: the JWT secret as an oct key.
      jwks: JSON.stringify({
        keys: [{ kty: "oct", k: Buffer.from(stack.config.auth.jwt_secret).toString("base64url") }],
      }),
      greeting: "hello from .env",
      home: null,
    });
  });

  it("passes methods, paths, query strings, headers and status codes through", async () => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"] as const) {
      const { data } = await stack.anon().functions.invoke("echo/sub/path?x=1&y=two", {
        method,
        headers: { "x-custom": "yes" },
        ...(method === "GET" ? {} : { body: "plain text" }),
      });
      expect(data).toMatchObject({ method, path: "/echo/sub/path", search: "?x=1&y=two" });
      expect(data.headers["x-custom"]).toBe("yes");
      if (method !== "GET") expect(data.body).toBe("plain text");
    }
    const res = await fetch(url("echo?status=418"), { headers: { authorization: `Bearer ${stack.keys.anon}` } });
    expect(res.status).toBe(418);
    expect(res.headers.get("x-echo")).toBe("1");
    const { error } = await stack.anon().functions.invoke("echo?status=422");
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect((error as FunctionsHttpError).context.status).toBe(422);
  });

  it("streams binary bodies both ways unchanged", async () => {
    const bytes = new Uint8Array(256 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 256;
    const { data, error } = await stack.anon().functions.invoke("echo/bytes", { body: bytes.buffer });
    expect(error).toBeNull();
    expect(Buffer.from(await (data as Blob).arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it("verify_jwt: 401 without a valid bearer token, any valid role passes", async () => {
    const none = await fetch(url("echo"), { method: "POST" });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ msg: "Error: Missing authorization header" });
    const basic = await fetch(url("echo"), { method: "POST", headers: { authorization: "Basic abc" } });
    expect(await basic.json()).toEqual({ msg: "Error: Auth header is not 'Bearer {token}'" });
    const forged = await fetch(url("echo"), { method: "POST", headers: { authorization: `Bearer ${userToken}x` } });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ msg: "Invalid JWT" });
    const iat = Math.floor(Date.now() / 1000) - 7200;
    const expired = await stack.ctx.jwt.sign({ role: "authenticated", iat, exp: iat + 60 });
    expect((await fetch(url("echo"), { headers: { authorization: `Bearer ${expired}` } })).status).toBe(401);

    const asUser = await stack.asUser(userToken).functions.invoke("echo", { body: {} });
    expect(asUser.error).toBeNull();
    expect(asUser.data.headers.authorization).toBe(`Bearer ${userToken}`);
  });

  it("verify_jwt = false lets anyone in", async () => {
    const res = await fetch(url("open"), { method: "POST" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ open: true });
  });

  it("answers browser preflights at the gateway and sets Allow-Origin on every answer, as the CLI's Kong", async () => {
    // A preflight (Origin + Access-Control-Request-Method) never reaches the function, which
    // need not exist: Kong's cors plugin answers it with its defaults.
    for (const name of ["echo", "open", "nope"]) {
      const preflight = await fetch(url(name), {
        method: "OPTIONS",
        headers: {
          origin: "https://app.example",
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization, x-client-info, x-supabase-new-feature",
        },
      });
      expect(preflight.status, name).toBe(200);
      expect(await preflight.text()).toBe("");
      const cors: Record<string, string> = {};
      preflight.headers.forEach((value, key) => {
        if (key.startsWith("access-control-")) cors[key] = value;
      });
      expect(cors).toEqual({
        "access-control-allow-origin": "*",
        "access-control-allow-headers": "authorization, x-client-info, x-supabase-new-feature",
        "access-control-allow-methods": "GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT",
      });
      expect(preflight.headers.get("vary")).toBeNull();
    }
    // Any other OPTIONS goes on to the function (no JWT check), which answers it itself.
    const plain = await fetch(url("open"), { method: "OPTIONS" });
    expect(await plain.text()).toBe("ok");
    expect(plain.headers.get("access-control-allow-origin")).toBe("*");
    expect(plain.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    const gated = await fetch(url("echo"), { method: "OPTIONS", headers: { origin: "https://app.example" } });
    expect(await gated.json()).toMatchObject({ method: "OPTIONS" });
    expect(gated.headers.get("access-control-allow-origin")).toBe("*");

    // Every answer carries Allow-Origin: *, replacing the function's own; its other CORS
    // headers pass untouched, and Kong adds no Expose-Headers of its own.
    const own = await fetch(url("open"), { method: "POST", headers: { origin: "https://app.example" } });
    expect(own.headers.get("access-control-allow-origin")).toBe("*");
    expect(own.headers.get("access-control-expose-headers")).toBe("x-open");
    expect(own.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect(own.headers.get("x-open")).toBe("yes");
    // Also without an Origin, and on the answers the gateway makes itself (echo, which
    // sets no CORS header, the verify_jwt refusal and an unknown function).
    const echoed = await stack.anon().functions.invoke("echo", { body: {} });
    expect(echoed.response?.headers.get("access-control-allow-origin")).toBe("*");
    const refused = await fetch(url("echo"), { method: "POST" });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    const unknown = await fetch(url("nope"), { headers: { authorization: `Bearer ${stack.keys.anon}` } });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("answers 404 Function not found for unknown or shared folders", async () => {
    for (const name of ["nope", "_shared", "bad.name", "echo%2F..%2Fecho"]) {
      const res = await fetch(url(name), { headers: { authorization: `Bearer ${stack.keys.anon}` } });
      expect(res.status, name).toBe(404);
      expect(await res.text()).toBe("Function not found");
    }
  });

  it("turns a crash into a 5xx, logs it, and serves again after restarting the function", async () => {
    const client = stack.anon().functions;
    const first = await client.invoke("crashy", { method: "GET" });
    expect(first.data).toMatchObject({ alive: true, served: 1 });
    const thrown = await fetch(url("crashy/throw"), { headers: { authorization: `Bearer ${stack.keys.anon}` } });
    expect(thrown.status).toBe(500);
    const crash = await fetch(url("crashy/exit"), { headers: { authorization: `Bearer ${stack.keys.anon}` } });
    expect(crash.status).toBe(500);
    expect(await crash.json()).toEqual({
      code: "WORKER_ERROR",
      message: "Function exited due to an error (please check logs)",
    });
    const again = await client.invoke("crashy", { method: "GET" });
    expect(again.data).toMatchObject({ alive: true, served: 1 });
    expect(again.data.pid).not.toBe(first.data.pid);
    // The rest of the stack never noticed.
    expect((await fetch(`${stack.url}/auth/v1/health`)).status).toBe(200);
  });

  it("answers BOOT_ERROR for a function that cannot start, including jsr:/https: imports", async () => {
    for (const name of ["broken", "remote"]) {
      const res = await fetch(url(name), { headers: { authorization: `Bearer ${stack.keys.anon}` } });
      expect(res.status, name).toBe(503);
      expect(await res.json()).toEqual({ code: "BOOT_ERROR", message: "Worker failed to boot (please check logs)" });
    }
  });

  it("restarts a function when its file changes", async () => {
    const first = await fetch(url("mutable"));
    expect(await first.text()).toBe("version 1");
    writeFileSync(
      path.join(projectDir, "supabase", "functions", "mutable", "index.ts"),
      'Deno.serve(() => new Response("version 2"));\n',
    );
    let body = "";
    for (let i = 0; i < 100 && body !== "version 2"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      body = await (await fetch(url("mutable"))).text();
    }
    expect(body).toBe("version 2");
  });

  it("calls back into the stack with the caller's JWT and with the service key", async () => {
    const { data, error } = await stack.asUser(userToken).functions.invoke("callback", { body: {} });
    expect(error).toBeNull();
    // RLS: the user sees their own note and no bucket (no bucket policies); the
    // service role sees everything.
    expect(data).toEqual({
      caller: [],
      service: ["fn-private"],
      notes: { caller: [{ body: "mine" }], service: [{ body: "mine" }, { body: "someone else's" }] },
      health: 200,
    });
  }, 120_000);
});
