// Hostile requests at the gateway, made with nothing but the anon key: CORS must not
// let a web page read the mail catcher or send credentials; bodies too large or nested
// too deep are refused in each service's own shape before they reach Postgres.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

const PROJECT = path.join(FIXTURES, "security");
const EVIL = "http://evil.example";
/** 100 000 levels: Postgres' recursive parser would hit max_stack_depth (a 500). */
const DEEP = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;

describe("security: gateway", () => {
  let stack: TestStack;
  let anon: Record<string, string>;

  beforeAll(async () => {
    stack = await startTestStack({ projectDir: PROJECT });
    anon = { apikey: stack.keys.anon, authorization: `Bearer ${stack.keys.anon}` };
  });
  afterAll(async () => {
    await stack?.stop();
  });

  describe("CORS", () => {
    it("answers API preflights as the CLI's Kong: any origin, never with credentials", async () => {
      const res = await fetch(`${stack.url}/rest/v1/notes`, {
        method: "OPTIONS",
        headers: {
          origin: EVIL,
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization,apikey,content-type",
        },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
      expect(res.headers.get("access-control-allow-headers")).toBe("authorization,apikey,content-type");
      expect(res.headers.get("access-control-allow-methods")).toBe(
        "GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT",
      );

      const read = await fetch(`${stack.url}/rest/v1/notes`, { headers: { ...anon, origin: EVIL } });
      expect(read.status).toBe(200);
      expect(read.headers.get("access-control-allow-origin")).toBe("*");
      expect(read.headers.get("access-control-allow-credentials")).toBeNull();
      expect(read.headers.get("access-control-expose-headers")).toContain("Content-Range");
    });

    it("sends no CORS headers from the mail catcher, so no web page can read its links", async () => {
      const read = await fetch(`${stack.url}/_mail/api/messages`, { headers: { origin: EVIL } });
      expect(read.status).toBe(200);
      expect(read.headers.get("access-control-allow-origin")).toBeNull();
      expect(read.headers.get("access-control-allow-credentials")).toBeNull();
      const preflight = await fetch(`${stack.url}/_mail/api/messages`, {
        method: "OPTIONS",
        headers: { origin: EVIL, "access-control-request-method": "GET" },
      });
      expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    });

    it("allows only the configured origins when an allow-list is set", async () => {
      const listed = await startTestStack({ projectDir: PROJECT, corsOrigins: ["http://localhost:5173"] });
      try {
        const mine = await fetch(`${listed.url}/rest/v1/notes`, {
          headers: { apikey: listed.keys.anon, origin: "http://localhost:5173" },
        });
        expect(mine.headers.get("access-control-allow-origin")).toBe("http://localhost:5173");
        expect(mine.headers.get("vary")).toContain("Origin");
        const theirs = await fetch(`${listed.url}/rest/v1/notes`, {
          method: "OPTIONS",
          headers: { origin: EVIL, "access-control-request-method": "GET" },
        });
        expect(theirs.headers.get("access-control-allow-origin")).toBeNull();
        // Edge functions' answers too (here the verify_jwt refusal, written by the stack itself).
        const cases: [string, string | null][] = [
          ["http://localhost:5173", "http://localhost:5173"],
          [EVIL, null],
        ];
        for (const [origin, allowed] of cases) {
          const fn = await fetch(`${listed.url}/functions/v1/sink`, { method: "POST", headers: { origin } });
          expect(fn.status).toBe(401);
          expect(fn.headers.get("access-control-allow-origin")).toBe(allowed);
          expect(fn.headers.get("vary")).toContain("Origin");
        }
      } finally {
        await listed.stop();
      }
    });
  });

  describe("JSON nested 100 000 levels deep", () => {
    it("REST answers 400 PGRST102 and stores nothing", async () => {
      const res = await fetch(`${stack.url}/rest/v1/notes`, {
        method: "POST",
        headers: { ...anon, "content-type": "application/json" },
        body: `{"doc":${DEEP}}`,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: "PGRST102",
        message: "Empty or invalid json",
        details: "JSON nested deeper than 512 levels",
        hint: null,
      });
      expect(await stack.sql("select count(*)::int as n from public.notes")).toEqual([{ n: 0 }]);
    });

    it("auth answers 400 bad_json and creates no user", async () => {
      const res = await fetch(`${stack.url}/auth/v1/signup`, {
        method: "POST",
        headers: { ...anon, "content-type": "application/json", "x-supabase-api-version": "2024-01-01" },
        body: `{"email":"deep@example.com","password":"a-long-password","data":{"x":${DEEP}}}`,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: "bad_json",
        msg: "Could not parse request body as JSON: JSON nested deeper than 512 levels",
      });
      expect(await stack.sql("select count(*)::int as n from auth.users")).toEqual([{ n: 0 }]);
    });

    it("storage answers 400 InvalidRequest for deep upload metadata and stores nothing", async () => {
      const form = new FormData();
      form.append("cacheControl", "3600");
      form.append("metadata", `{"x":${DEEP}}`);
      form.append("", new Blob(["hello"], { type: "text/plain" }), "deep.txt");
      const res = await fetch(`${stack.url}/storage/v1/object/open/deep.txt`, {
        method: "POST",
        headers: anon,
        body: form,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        statusCode: "400",
        error: "InvalidRequest",
        message: "Invalid metadata: JSON nested deeper than 512 levels",
      });
      expect(await stack.sql("select count(*)::int as n from storage.objects")).toEqual([{ n: 0 }]);
    });

    it("realtime's broadcast API answers 400 instead of failing to encode the payload", async () => {
      const res = await fetch(`${stack.url}/realtime/v1/api/broadcast`, {
        method: "POST",
        headers: { ...anon, "content-type": "application/json" },
        body: `{"messages":[{"topic":"room","event":"deep","payload":{"x":${DEEP}}}]}`,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: "JSON nested deeper than 512 levels" });
    });
  });

  describe("bodies over a service's limit", () => {
    const big = "x".repeat(13 * 1024 * 1024);

    it("REST answers 413 in PostgREST's shape", async () => {
      const res = await fetch(`${stack.url}/rest/v1/notes`, {
        method: "POST",
        headers: { ...anon, "content-type": "application/json" },
        body: `{"doc":"${big}"}`,
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ code: "PT413", message: "Payload Too Large" });
    });

    it("storage answers 413 EntityTooLarge for a JSON body over 1 MiB", async () => {
      const res = await fetch(`${stack.url}/storage/v1/bucket`, {
        method: "POST",
        headers: { ...anon, "content-type": "application/json" },
        body: JSON.stringify({ name: "huge", padding: "x".repeat(2 * 1024 * 1024) }),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ statusCode: "413", code: "EntityTooLarge" });
    });

    it("edge functions answer 413 REQUEST_TOO_LARGE from the Content-Length alone", async () => {
      const res = await fetch(`${stack.url}/functions/v1/sink`, {
        method: "POST",
        headers: anon,
        body: "x".repeat(21 * 1024 * 1024),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        code: "REQUEST_TOO_LARGE",
        message: "Request body exceeds the limit of 20971520 bytes",
      });
    });

    it("auth answers 413 request_too_large", async () => {
      const res = await fetch(`${stack.url}/auth/v1/signup`, {
        method: "POST",
        headers: { ...anon, "content-type": "application/json", "x-supabase-api-version": "2024-01-01" },
        body: JSON.stringify({ email: "big@example.com", password: "x".repeat(2 * 1024 * 1024) }),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ code: "request_too_large" });
    });
  });
});
