// Extensions as projects use them (docs/extensions.md): a `supabase db pull` dump that
// creates pg_graphql, pgsodium, pgjwt, supabase_vault and wrappers starts, and the SQL
// each one offers answers as the real extension does; an extension that cannot work
// here fails naming itself, why and what to do.
import { createHmac } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXTENSIONS } from "../src/db/extension-registry.js";
import { systemExtensionFiles } from "../src/db/extensions.js";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

const base64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

describe("extensions as projects use them", () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ projectDir: path.join(FIXTURES, "extensions") });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("creates each in the schema Supabase puts it", async () => {
    const rows = await stack.sql<{ extname: string; schema: string }>(
      "select extname, extnamespace::regnamespace::text as schema from pg_extension order by extname",
    );
    const schemaOf = Object.fromEntries(rows.map((r) => [r.extname, r.schema]));
    for (const name of ["pg_graphql", "pgsodium", "pgjwt", "supabase_vault", "wrappers", "pgmq", "pg_hashids"]) {
      expect(schemaOf[name], name).toBe(EXTENSIONS.find((e) => e.name === name)?.schema);
    }
  });

  it("pgjwt signs and verifies HS256 tokens as jwt libraries do, with a secret from Vault", async () => {
    const [{ token }] = await stack.sql<{ token: string }>("select public.widget_token('cus_42') as token");
    const [header, payload, signature] = token.split(".");
    expect(JSON.parse(Buffer.from(header, "base64url").toString())).toEqual({ alg: "HS256", typ: "JWT" });
    expect(JSON.parse(Buffer.from(payload, "base64url").toString())).toEqual({
      sub: "cus_42",
      role: "widget",
      exp: 4102444800,
    });
    expect(signature).toBe(
      base64url(createHmac("sha256", "widget-signing-secret").update(`${header}.${payload}`).digest()),
    );
    const checks = await stack.sql(
      `select (extensions.verify($1, 'widget-signing-secret')).valid as good,
              (extensions.verify($1, 'another secret')).valid as forged,
              (extensions.verify(extensions.sign('{"exp": 1}', 'k', 'HS384'), 'k', 'HS384')).valid as expired`,
      [token],
    );
    expect(checks).toEqual([{ good: true, forged: false, expired: false }]);
  });

  it("pg_hashids makes the ids Hashids makes", async () => {
    const [row] = await stack.sql(
      `select extensions.id_encode(12345, 'this is my salt') as one,
              extensions.id_encode(array[683, 94108, 123, 5]::bigint[], 'this is my salt') as many,
              extensions.id_encode(1, 'this is my salt', 8) as padded,
              extensions.id_decode('aBMswoO2UB3Sj', 'this is my salt') as decoded,
              extensions.id_decode('NkK9', 'another salt') as foreign_id`,
    );
    expect(row).toEqual({
      one: "NkK9",
      many: "aBMswoO2UB3Sj",
      padded: "gB0NV05e",
      decoded: ["683", "94108", "123", "5"],
      foreign_id: [],
    });
  });

  it("pg_jsonschema checks rows written through the API", async () => {
    const anon = stack.anon();
    expect((await anon.from("settings").insert({ data: { theme: "dark", page_size: 20 } })).error).toBeNull();
    const bad = await anon.from("settings").insert({ data: { theme: "blue", page_size: 5 } });
    expect(bad.error?.code).toBe("23514");
    const [errors] = await stack.sql(
      `select extensions.jsonschema_validation_errors(
         '{"type": "object", "properties": {"n": {"type": "integer", "minimum": 1}}, "required": ["name"]}',
         '{"n": 0}') as errors,
       extensions.jsonschema_is_valid('{"type": "objekt"}') as invalid_schema`,
    );
    expect(errors).toEqual({
      errors: ['"name" is a required property', "0 is less than the minimum of 1"],
      invalid_schema: false,
    });
  });

  it("pgmq queues messages: send, read (hidden for the visibility timeout), archive, metrics", async () => {
    const [sent] = await stack.sql<{ ids: string[] }>(
      `select array(select pgmq.send_batch('emails', array['{"to": "a@example.com"}', '{"to": "b@example.com"}']::jsonb[])) as ids`,
    );
    expect(sent.ids).toHaveLength(2);
    const read = await stack.sql("select msg_id, read_ct, message from pgmq.read('emails', 30, 5)");
    expect(read.map((r) => [r.read_ct, r.message])).toEqual([
      [1, { to: "a@example.com" }],
      [1, { to: "b@example.com" }],
    ]);
    expect(await stack.sql("select * from pgmq.read('emails', 30, 5)")).toEqual([]);
    await stack.sql("select pgmq.archive('emails', $1::bigint), pgmq.delete('emails', $2::bigint)", sent.ids);
    const [metrics] = await stack.sql(
      "select queue_length, total_messages, (select count(*)::int from pgmq.a_emails) as archived from pgmq.metrics('emails')",
    );
    expect(metrics).toEqual({ queue_length: "0", total_messages: "2", archived: 1 });
  });

  it("pg_graphql answers collection queries at /graphql/v1 (graphql_public.graphql through REST, as hosted)", async () => {
    await stack.sql(
      "insert into articles (title, views, published_at) select 'Article ' || i, i * 10, '2024-01-01' from generate_series(1, 5) i",
    );
    const graphql = async (query: string, variables: Record<string, unknown> = {}) => {
      const res = await fetch(`${stack.url}/graphql/v1`, {
        method: "POST",
        headers: { apikey: stack.keys.anon, "content-type": "application/json" },
        body: JSON.stringify({ query, variables }),
      });
      expect(res.status).toBe(200);
      return res.json();
    };
    const page = await graphql(
      `query Articles($min: Int!) {
        articlesCollection(first: 2, filter: { views: { gte: $min } }, orderBy: [{ views: DescNullsLast }]) {
          totalCount
          pageInfo { hasNextPage endCursor }
          edges { node { id title views slug __typename } }
        }
      }`,
      { min: 20 },
    );
    expect(page.data.articlesCollection.totalCount).toBe(4);
    expect(page.data.articlesCollection.pageInfo.hasNextPage).toBe(true);
    expect(page.data.articlesCollection.edges.map((e: { node: { title: string } }) => e.node.title)).toEqual([
      "Article 5",
      "Article 4",
    ]);
    expect(page.data.articlesCollection.edges[0].node).toMatchObject({ id: "5", views: 50, __typename: "articles" });
    const next = await graphql(
      `query ($after: Cursor) { articlesCollection(first: 2, after: $after, filter: { views: { gte: 20 } },
         orderBy: [{ views: DescNullsLast }]) { edges { node { title } } } }`,
      { after: page.data.articlesCollection.pageInfo.endCursor },
    );
    expect(next.data.articlesCollection.edges.map((e: { node: { title: string } }) => e.node.title)).toEqual([
      "Article 3",
      "Article 2",
    ]);
    const introspection = await graphql('{ __type(name: "articles") { kind fields { name } } }');
    expect(introspection.data.__type.fields.map((f: { name: string }) => f.name)).toEqual([
      "nodeId",
      "id",
      "title",
      "views",
      "published_at",
      "slug",
    ]);
    expect(await graphql("mutation { insertIntoarticlesCollection(objects: []) { affectedCount } }")).toEqual({
      data: null,
      errors: [
        {
          message:
            "Mutation operations are not supported by the local stack's pg_graphql, which answers queries (docs/extensions.md)",
        },
      ],
    });
  });

  it("index_advisor recommends the index a query needs and leaves none behind", async () => {
    await stack.sql("insert into articles (title) select 'Filler ' || i from generate_series(1, 5000) i");
    await stack.sql("analyze articles");
    const [advice] = await stack.sql(
      "select index_statements, errors from extensions.index_advisor('select id from articles where title = $1')",
    );
    expect(advice).toEqual({ index_statements: ["CREATE INDEX ON public.articles USING btree (title)"], errors: [] });
    expect(await stack.sql("select indexname from pg_indexes where indexname like 'index_advisor%'")).toEqual([]);
  });

  it("pg_stat_monitor shows pg_stat_statements' figures under its own names", async () => {
    await stack.sql("create extension if not exists pg_stat_monitor with schema extensions");
    await stack.sql("select count(*) from articles where views > 41");
    const rows = await stack.sql(
      "select username, calls >= 1 as counted, bucket from extensions.pg_stat_monitor where query like '%from articles where views > $1'",
    );
    expect(rows).toEqual([{ username: "postgres", counted: true, bucket: 0 }]);
  });

  it("fails to create what cannot work here, naming the extension, why and what to do", async () => {
    await expect(stack.sql("create extension postgis with schema extensions")).rejects.toMatchObject({
      code: "0A000",
      message: expect.stringMatching(
        /^extension "postgis" cannot be created on the local stack: PostGIS is native code/,
      ),
      hint: expect.stringContaining("DATABASE_URL"),
    });
    await expect(stack.sql("create extension if not exists hypopg with schema extensions")).rejects.toMatchObject({
      message: expect.stringContaining('extension "hypopg" cannot be created on the local stack'),
      hint: "use index_advisor(query), which the stack provides without hypopg",
    });
    await expect(
      stack.sql("create foreign data wrapper stripe_wrapper handler extensions.stripe_fdw_handler"),
    ).rejects.toMatchObject({ code: "0A000", message: expect.stringContaining("stripe_fdw_handler cannot run") });
    await expect(
      stack.sql("select pgsodium.crypto_aead_det_encrypt('a', 'b', gen_random_uuid())"),
    ).rejects.toMatchObject({ code: "0A000", message: expect.stringContaining("needs libsodium") });
  });

  it("takes pgTAP from Debian's package when the machine has it", async () => {
    if (systemExtensionFiles("pgtap").length === 0) {
      await expect(stack.sql("create extension pgtap with schema extensions")).rejects.toMatchObject({
        hint: expect.stringContaining("apt-get install postgresql-15-pgtap"),
      });
      return;
    }
    await stack.sql("create extension if not exists pgtap with schema extensions");
    const [row] = await stack.sql(
      "select extensions.pgtap_version()::text as version, extensions.diag('works') as diag",
    );
    expect(row).toEqual({ version: "1.2", diag: "# works" });
  });
});
