// http and plv8 on the stack (docs/extensions-native.md): both run through the bridge
// the stack serves. The webhooks fixture calls a local HTTP server from SQL and from an
// RPC; the auth-hook-plv8 fixture's JavaScript access token hook reads roles with
// plv8.execute, as GoTrue calls it; both fail clearly once the stack is gone.
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt } from "./fixtures/auth/helpers.js";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

interface Received {
  method: string;
  url: string;
  body: string;
  headers: http.IncomingHttpHeaders;
}

describe("http: the webhooks project", () => {
  let stack: TestStack;
  let server: http.Server;
  let base = "";
  const received: Received[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        received.push({ method: req.method ?? "", url: req.url ?? "", body, headers: req.headers });
        if (req.url === "/moved") {
          res.writeHead(302, { location: "/search?moved=1" });
          res.end();
        } else if (req.url === "/slow") {
          setTimeout(() => res.end("late"), 2000).unref();
        } else if (req.url?.startsWith("/latin1")) {
          res.writeHead(200, { "content-type": "text/plain; charset=iso-8859-1" });
          res.end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
        } else {
          res.writeHead(req.url?.startsWith("/hook") ? 202 : 200, {
            "content-type": "application/json",
            "x-echo": "1",
          });
          res.end(JSON.stringify({ method: req.method, url: req.url, body }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    stack = await startTestStack({ projectDir: path.join(FIXTURES, "webhooks") });
    await stack.sql("insert into public.settings values ('webhook_url', $1), ('api_url', $2)", [
      `${base}/hook`,
      `${base}/search`,
    ]);
  });
  afterAll(async () => {
    await stack?.stop();
    server?.close();
  });

  it("posts from a security-definer function called through /rest/v1/rpc", async () => {
    const { data, error } = await stack.service().rpc("send_notification", { message: "deploy done" });
    expect(error).toBeNull();
    expect(data).toBe(202);
    const hit = received.find((r) => r.url === "/hook");
    expect(hit).toMatchObject({ method: "POST", body: '{"text": "deploy done"}' });
    expect(hit?.headers["content-type"]).toBe("application/json");
    const [row] = await stack.sql("select message, status from public.notifications");
    expect(row).toEqual({ message: "deploy done", status: 202 });
  });

  it("answers http_get with status, content type, headers and body, query string from jsonb", async () => {
    const { data, error } = await stack.service().rpc("lookup", { term: "a b&é" });
    expect(error).toBeNull();
    expect(data).toEqual({ method: "GET", url: "/search?q=a+b%26%C3%A9", body: "" });
    const [row] = await stack.sql(
      `select status, content_type, (select value from unnest(headers) where field = 'x-echo') as echo
         from extensions.http_get($1)`,
      [`${base}/plain`],
    );
    expect(row).toEqual({ status: 200, content_type: "application/json", echo: "1" });
  });

  it("follows redirects, sends headers, transcodes charsets, and keeps pgsql-http's helpers", async () => {
    const [moved] = await stack.sql("select status, content::jsonb->>'url' as url from extensions.http_get($1)", [
      `${base}/moved`,
    ]);
    expect(moved).toEqual({ status: 200, url: "/search?moved=1" });
    const [put] = await stack.sql(
      `select content::jsonb as c from extensions.http((
         'PUT', $1, array[extensions.http_header('X-Token', 'abc')], 'text/plain', 'hello')::extensions.http_request)`,
      [`${base}/put`],
    );
    expect(put.c).toEqual({ method: "PUT", url: "/put", body: "hello" });
    expect(received.find((r) => r.url === "/put")?.headers["x-token"]).toBe("abc");
    const [latin] = await stack.sql("select content from extensions.http_get($1)", [`${base}/latin1`]);
    expect(latin.content).toBe("café");
    const [head] = await stack.sql("select status, content from extensions.http_head($1)", [`${base}/plain`]);
    expect(head).toEqual({ status: 200, content: null });
    const [enc] = await stack.sql(
      "select extensions.urlencode('a b/é') as a, extensions.urlencode('{\"k\":\"v w\"}'::jsonb) as b",
    );
    expect(enc).toEqual({ a: "a+b%2F%C3%A9", b: "k=v+w" });
  });

  it("applies the session's curl options and words failures as pgsql-http does", async () => {
    const client = new pg.Client({ connectionString: stack.dbUrl });
    await client.connect();
    try {
      await client.query("select extensions.http_set_curlopt('CURLOPT_TIMEOUT_MS', '300')");
      const { rows } = await client.query("select * from extensions.http_list_curlopt()");
      expect(rows).toEqual([{ curlopt: "CURLOPT_TIMEOUT_MS", value: "300" }]);
      await expect(client.query("select extensions.http_get($1)", [`${base}/slow`])).rejects.toThrow(
        "Operation timed out after 300 milliseconds",
      );
      await client.query("select extensions.http_reset_curlopt()");
      await expect(client.query("select extensions.http_get('http://127.0.0.1:1/')")).rejects.toThrow(
        "Failed to connect to 127.0.0.1 port 1: Connection refused",
      );
      await expect(client.query("select extensions.http_get('file:///etc/passwd')")).rejects.toThrow(
        'Protocol "file" not supported or disabled in libcurl',
      );
      await expect(client.query("select extensions.http_set_curlopt('CURLOPT_NOPE', '1')")).rejects.toThrow(
        "curl option 'CURLOPT_NOPE' is not available for run-time configuration",
      );
      // Only a superuser may point the backend at another bridge.
      await client.query("set role authenticated");
      await expect(client.query("set http.bridge_socket = '/tmp/x'")).rejects.toThrow(/permission denied/);
    } finally {
      await client.end();
    }
  });
});

describe("plv8: the auth-hook-plv8 project", () => {
  let stack: TestStack;
  const admin = "8b6f6a4e-2a7c-4bb6-9a0e-3f0c1c6d9a11";

  beforeAll(async () => {
    stack = await startTestStack({ projectDir: path.join(FIXTURES, "auth-hook-plv8") });
    await stack.sql(
      "insert into public.user_roles (user_id, role) values ($1, 'admin'), (gen_random_uuid(), 'moderator')",
      [admin],
    );
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("runs the JavaScript access token hook as supabase_auth_admin, as GoTrue calls it", async () => {
    const client = new pg.Client({ connectionString: stack.dbUrl });
    await client.connect();
    try {
      await client.query("set role supabase_auth_admin");
      const event = {
        user_id: admin,
        claims: { role: "authenticated", aal: "aal1" },
        authentication_method: "password",
      };
      const { rows } = await client.query("select public.custom_access_token_hook($1::jsonb) as out", [event]);
      expect(rows[0].out).toEqual({
        ...event,
        claims: {
          role: "authenticated",
          aal: "aal1",
          user_role: "admin",
          app_metadata: { hooked_at_level: "password" },
        },
      });
      const other = await client.query("select public.custom_access_token_hook($1::jsonb) as out", [
        { ...event, user_id: "00000000-0000-0000-0000-000000000000" },
      ]);
      expect(other.rows[0].out.claims.user_role).toBeNull();
    } finally {
      await client.end();
    }
  });

  it("signs tokens with the claims the JavaScript hook adds, at sign-in and at refresh", async () => {
    const email = `plv8-hook-${Date.now()}@example.com`;
    const client = stack.anon();
    const signUp = await client.auth.signUp({ email, password: "password-1" });
    expect(signUp.error).toBeNull();
    const first = decodeJwt(signUp.data.session?.access_token as string);
    expect(first).toMatchObject({ user_role: null, app_metadata: { hooked_at_level: "password", provider: "email" } });
    await stack.sql("insert into public.user_roles (user_id, role) values ($1, 'moderator')", [signUp.data.user?.id]);
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session?.access_token as string)).toMatchObject({
      user_role: "moderator",
      app_metadata: { hooked_at_level: "token_refresh" },
    });
    // The report below counts the roles the suite's beforeAll made.
    await stack.sql("delete from public.user_roles where user_id = $1", [signUp.data.user?.id]);
  });

  it("converts numbers, arrays, records and errors as plv8 does", async () => {
    const report = await stack.sql("select * from public.role_report(array[1.5, 2])");
    expect(report).toEqual([
      { role: "admin", members: 1, weight: "1.5" },
      { role: "moderator", members: 1, weight: "2" },
    ]);
    await stack.sql(`
      create function public.js_types(n numeric, tags text[], at timestamptz)
      returns text[] language plv8 as $$
        return [typeof n, String(n * 2), tags.join('|'), String(at instanceof Date), String(at.getUTCFullYear())];
      $$;
      create function public.js_error() returns int language plv8 as $$
        try { plv8.execute('select 1 / 0'); } catch (e) { plv8.elog(NOTICE, 'caught', e.sqlerrcode); }
        plv8.execute('insert into public.missing values (1)');
        return 1;
      $$;
      create function public.js_find(x int) returns numeric language plv8 as $$
        return plv8.find_function('public.js_double')(x) + 1;
      $$;
      create function public.js_double(x int) returns int language plv8 as $$ return x * 2; $$;`);
    const [types] = await stack.sql("select public.js_types(2.5, array['a', 'b c'], '2024-05-01T10:00:00Z') as t");
    expect(types.t).toEqual(["number", "5", "a|b c", "true", "2024"]);
    await expect(stack.sql("select public.js_error()")).rejects.toMatchObject({
      code: "42P01",
      message: 'relation "public.missing" does not exist',
    });
    expect((await stack.sql("select public.js_find(4) as v"))[0].v).toBe("9");
    await expect(
      stack.sql("create function public.js_bad() returns int language plv8 as $$ return ( ; $$"),
    ).rejects.toThrow(/SyntaxError/);
    await expect(stack.sql("do $$ throw new Error('from a DO block'); $$ language plv8")).rejects.toThrow(
      "Error: from a DO block",
    );
  });

  it("keeps JavaScript out of the stack's process: the sandbox has no require, process or fetch", async () => {
    await stack.sql(`create function public.js_escape() returns text language plv8 as $$
      return [typeof require, typeof process, typeof fetch, typeof globalThis.constructor.constructor('return this')().process].join(',');
    $$`);
    expect((await stack.sql("select public.js_escape() as v"))[0].v).toBe("undefined,undefined,undefined,undefined");
  });

  it("fails with a message that says what to do once the stack is gone", async () => {
    await stack.native.close();
    await expect(stack.sql('select public.custom_access_token_hook(\'{"user_id":"x","claims":{}}\')')).rejects.toThrow(
      'extension "plv8" works through the Opsdesk stack, and the stack that serves this database is not running',
    );
  });
});

describe("a project without native extensions", () => {
  it("builds none of them at start", async () => {
    const stack = await startTestStack();
    try {
      expect(stack.native.prepared).toEqual([]);
    } finally {
      await stack.stop();
    }
  });
});
