import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "./harness.js";

describe("stack bootstrap", () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("installs the Supabase roles", async () => {
    const rows = await stack.sql<{ rolname: string; rolbypassrls: boolean; rolinherit: boolean; rolcanlogin: boolean }>(
      "select rolname, rolbypassrls, rolinherit, rolcanlogin from pg_roles where rolname in ('anon','authenticated','service_role','authenticator') order by rolname",
    );
    expect(rows).toEqual([
      { rolname: "anon", rolbypassrls: false, rolinherit: false, rolcanlogin: false },
      { rolname: "authenticated", rolbypassrls: false, rolinherit: false, rolcanlogin: false },
      { rolname: "authenticator", rolbypassrls: false, rolinherit: false, rolcanlogin: true },
      { rolname: "service_role", rolbypassrls: true, rolinherit: false, rolcanlogin: false },
    ]);
  });

  it("reads claims through auth.uid(), auth.role(), auth.email() and auth.jwt()", async () => {
    const [row] = await stack.sql(
      `select set_config('request.jwt.claims', '{"sub":"6f1d3c4e-0000-4000-8000-000000000001","role":"authenticated","email":"a@b.c"}', false),
              auth.uid()::text as uid, auth.role() as role, auth.email() as email, auth.jwt() ->> 'sub' as sub`,
    );
    expect(row).toMatchObject({
      uid: "6f1d3c4e-0000-4000-8000-000000000001",
      role: "authenticated",
      email: "a@b.c",
      sub: "6f1d3c4e-0000-4000-8000-000000000001",
    });
  });

  it("has the storage helpers, the realtime publication and the migration history table", async () => {
    const [row] = await stack.sql(
      `select storage.foldername('a/b/c.png') as folders, storage.filename('a/b/c.png') as file,
              storage.extension('a/b/c.png') as ext,
              exists (select 1 from pg_publication where pubname = 'supabase_realtime') as publication,
              to_regclass('supabase_migrations.schema_migrations') is not null as history`,
    );
    expect(row).toEqual({ folders: ["a", "b"], file: "c.png", ext: "png", publication: true, history: true });
  });

  it("lets a request without an API key go on as anon, as the CLI's gateway does", async () => {
    expect((await fetch(`${stack.url}/auth/v1/health`)).status).toBe(200);
    // No key-auth: the service itself answers, as it would without a token.
    const user = await fetch(`${stack.url}/auth/v1/user`);
    expect(user.status).toBe(401);
    expect(await user.json()).toMatchObject({ error_code: "no_authorization" });
    const openapi = await fetch(`${stack.url}/rest/v1/`);
    expect(openapi.status).toBe(200);
    const bad = await fetch(`${stack.url}/auth/v1/user`, { headers: { apikey: "nope" } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ message: "Invalid API key" });
  });

  it("refuses requests without an API key with --require-api-key, as hosted Supabase does", async () => {
    const strict = await startTestStack({ requireApiKey: true });
    try {
      expect((await fetch(`${strict.url}/auth/v1/health`)).status).toBe(200);
      for (const path of ["/auth/v1/user", "/rest/v1/", "/storage/v1/bucket"]) {
        const res = await fetch(`${strict.url}${path}`);
        expect(res.status, path).toBe(401);
        expect(await res.json()).toEqual({
          message: "No API key found in request",
          hint: "No `apikey` request header or url param was found.",
        });
      }
      const broadcast = await fetch(`${strict.url}/realtime/v1/api/broadcast`, { method: "POST", body: "{}" });
      expect(broadcast.status).toBe(401);
      expect(await broadcast.json()).toMatchObject({ message: "No API key found in request" });
      // The OpenAPI document is for secret keys only there (rest-functions.test.ts).
      const keyed = await fetch(`${strict.url}/rest/v1/`, { headers: { apikey: strict.keys.serviceRole } });
      expect(keyed.status).toBe(200);
      const bad = await fetch(`${strict.url}/auth/v1/user`, { headers: { apikey: "nope" } });
      expect(bad.status).toBe(401);
      expect(await bad.json()).toMatchObject({ message: "Invalid API key" });
    } finally {
      await strict.stop();
    }
  });

  it("answers an undecodable URL with the owning service's error shape", async () => {
    const rest = await fetch(`${stack.url}/rest/v1/%E0%A4%A`, { headers: { apikey: stack.keys.anon } });
    expect(rest.status).toBe(400);
    expect(await rest.json()).toMatchObject({ code: "PGRST100" });
    const storage = await fetch(`${stack.url}/storage/v1/object/b/%E0%A4%A`, { headers: { apikey: stack.keys.anon } });
    expect(storage.status).toBe(400);
    expect(await storage.json()).toMatchObject({ statusCode: "400" });
  });
});
