// The list searches (issue 14, docs/search.md): public.search_<resource> finds word
// prefixes, code and name fragments with case and accents ignored, ranks the matches
// (title prefix, code prefix, whole words, word prefixes, fragments; then by name), pages,
// filters and sorts them inside, and shows only what the caller may list; public.search_count
// counts them. Words are data whatever they hold: SQL, LIKE patterns and tsquery operators
// match as characters, and more than a search box holds is a 400.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, startTestStack, type TestStack } from "../../stack/test/harness.js";
import { DEMO, type DemoClients, signInDemoAccounts, withoutRights } from "./opsdesk-db.js";

let stack: TestStack;
let client: DemoClients;

beforeAll(async () => {
  stack = await startTestStack({ projectDir: REPO_ROOT });
  client = await signInDemoAccounts(stack);
  // Words no seed record has, in a title prefix, a later word, a description and a SKU.
  await stack.sql(
    `insert into products (sku, name, description, category_id, price, status) values
       ('QRV-1001', 'Qorvex Lamp', null, 1, 10, 'active'),
       ('QRV-1002', 'Zeta Qorvex', null, 1, 30, 'draft'),
       ('QRV-1003', 'Alpha Qorvexa', null, 1, 20, 'active'),
       ('ZZQ-7788', 'Beta Bowl', 'Pairs well with the qorvex range.', 1, 40, 'active')`,
  );
  await stack.sql(
    `insert into customers (full_name, email, country) values ('Lucía García Ñúñez', 'lucia.gn@example.com', 'ES')`,
  );
});
afterAll(async () => {
  await stack?.stop();
});

type Row = Record<string, unknown>;
async function search(account: keyof typeof DEMO, rpc: string, args: Record<string, unknown>): Promise<Row[]> {
  const { data, error } = await client(account).rpc(rpc, args);
  if (error) throw new Error(`${rpc}: ${error.code} ${error.message}`);
  return data as Row[];
}
const names = (rows: Row[]) => rows.map((r) => r.name);

describe("what a search finds", () => {
  it("finds word prefixes: 'aqua' finds the Aquarium products", async () => {
    const rows = await search("viewer", "search_products", { q: "aqua" });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(String(row.name)).toMatch(/Aquarium/);
  });

  it("finds SKU prefixes and fragments", async () => {
    const [seeded] = await stack.sql<{ sku: string }>(
      "select sku from products where sku like 'PET-%' order by id limit 1",
    );
    const prefix = seeded.sku.slice(0, 6); // "PET-00"
    const byPrefix = await search("viewer", "search_products", { q: prefix, page_limit: 100 });
    expect(byPrefix.length).toBeGreaterThan(0);
    for (const row of byPrefix) expect(String(row.sku).startsWith(prefix)).toBe(true);
    const byFragment = await search("viewer", "search_products", { q: seeded.sku.slice(5).toLowerCase() });
    expect(byFragment.map((r) => r.sku)).toContain(seeded.sku);
  });

  it("finds an order by a fragment of its number and by its customer's name", async () => {
    const byNumber = await search("viewer", "search_orders", { q: "000123" });
    expect(byNumber.map((r) => r.number)).toEqual(["ORD-000123"]);
    const [order] = await stack.sql<{ id: string; full_name: string }>(
      "select o.id, c.full_name from orders o join customers c on c.id = o.customer_id where o.id = 123",
    );
    const byCustomer = await search("viewer", "search_orders", { q: order.full_name, page_limit: 1000 });
    expect(byCustomer.map((r) => String(r.id))).toContain(order.id);
  });

  it("ignores case and accents both ways: 'garc' and 'LUCIA NUNEZ' find Lucía García Ñúñez", async () => {
    for (const q of ["garc", "LUCIA NUNEZ", "lucía", "gn@example"]) {
      const rows = await search("viewer", "search_customers", { q, page_limit: 100 });
      expect(rows.map((r) => r.full_name)).toContain("Lucía García Ñúñez");
    }
    const amir = await search("viewer", "search_customers", { q: "amir" });
    expect(String(amir[0].full_name)).toMatch(/^Amir /);
  });

  it("finds categories by name and audit entries by record, actor and text", async () => {
    expect((await search("viewer", "search_categories", { q: "gard" })).map((r) => r.name)).toEqual(["Garden"]);
    await client("admin").from("categories").update({ description: "Everything for the qorvex garden" }).eq("id", 3);
    const byText = await search("admin", "search_audit_log", { q: "qorvex garden" });
    expect(byText[0]).toMatchObject({ table_name: "categories", record_id: "3", actor_email: DEMO.admin.email });
    // Entries of records keyed "3" first, then entries whose values have a word starting with 3.
    const [keyed] = await stack.sql<{ n: number }>(
      "select count(*)::int as n from opsdesk.audit_log where record_id = '3'",
    );
    const byRecord = await search("admin", "search_audit_log", { q: "3", page_limit: 1000 });
    expect(byRecord.slice(0, keyed.n).every((r) => r.record_id === "3")).toBe(true);
    expect(byRecord.length).toBeGreaterThan(keyed.n);
    const [byActor] = await search("admin", "search_audit_log", { q: "admin@exa" });
    expect(byActor.actor_email).toBe(DEMO.admin.email);
  });

  it("finds nothing for words nothing has, and for blank words", async () => {
    expect(await search("admin", "search_products", { q: "zzqqxx" })).toEqual([]);
    expect(await search("admin", "search_products", { q: "   " })).toEqual([]);
  });
});

describe("ranking", () => {
  it("puts title prefixes first, then code prefixes, whole words, word prefixes, fragments; each by name", async () => {
    const rows = await search("viewer", "search_products", { q: "qorvex" });
    // Qorvex Lamp (title), then the whole word by name: Beta Bowl (description), Zeta
    // Qorvex; then the word prefix: Alpha Qorvexa.
    expect(names(rows)).toEqual(["Qorvex Lamp", "Beta Bowl", "Zeta Qorvex", "Alpha Qorvexa"]);
    const codes = await search("viewer", "search_products", { q: "qrv-100" });
    expect(names(codes)).toEqual(["Qorvex Lamp", "Zeta Qorvex", "Alpha Qorvexa"]); // by SKU
    const fragment = await search("viewer", "search_products", { q: "7788" });
    expect(names(fragment)).toEqual(["Beta Bowl"]);
  });

  it("pages through the ranked matches without repeating one", async () => {
    const all = await search("viewer", "search_products", { q: "qorvex", page_limit: 10 });
    const pages = [];
    for (let offset = 0; offset < all.length; offset += 3) {
      pages.push(...(await search("viewer", "search_products", { q: "qorvex", page_offset: offset, page_limit: 3 })));
    }
    expect(names(pages)).toEqual(names(all));
  });
});

describe("filters, sort and count", () => {
  it("applies the list's filters inside the search", async () => {
    const rows = await search("viewer", "search_products", {
      q: "qorvex",
      filters: [
        { field: "status", operator: "in", value: ["active"] },
        { field: "price", operator: "between", value: [15, 100] },
      ],
    });
    expect(names(rows)).toEqual(["Beta Bowl", "Alpha Qorvexa"]);
    const none = await search("viewer", "search_products", {
      q: "qorvex",
      filters: [{ field: "status", operator: "eq", value: "archived" }],
    });
    expect(none).toEqual([]);
  });

  it("sorts by a column when asked", async () => {
    const rows = await search("viewer", "search_products", { q: "qorvex", sort: "price", descending: true });
    expect(rows.map((r) => Number(r.price))).toEqual([40, 30, 20, 10]);
  });

  it("counts the matches under the same filters", async () => {
    const count = async (q: string, filters: unknown[] = []) => {
      const { data, error } = await client("viewer").rpc("search_count", { resource: "products", q, filters });
      expect(error).toBeNull();
      return data;
    };
    expect(await count("qorvex")).toEqual({ total: 4, approximate: false });
    expect(await count("qorvex", [{ field: "status", operator: "eq", value: "draft" }])).toEqual({
      total: 1,
      approximate: false,
    });
    const [aqua] = await stack.sql<{ n: number }>(
      "select count(*)::int as n from products where name ilike '%aquarium%' or description ilike '%aqua%'",
    );
    expect(await count("aqua")).toEqual({ total: aqua.n, approximate: false });
  });

  it("refuses unknown columns and operators with a clear error", async () => {
    const bad = async (args: Record<string, unknown>) =>
      (await client("viewer").rpc("search_products", { q: "qorvex", ...args })).error;
    expect(await bad({ filters: [{ field: "nope", operator: "eq", value: 1 }] })).toMatchObject({
      code: "42703",
      message: 'Cannot filter products by "nope".',
    });
    expect(await bad({ filters: [{ field: "price", operator: "like", value: 1 }] })).toMatchObject({
      code: "22023",
      message: 'Unknown filter operator "like".',
    });
    expect(await bad({ sort: "nope" })).toMatchObject({ code: "42703", message: 'Cannot sort products by "nope".' });
    expect(await bad({ filters: { status: "active" } })).toMatchObject({ code: "22023" });
  });

  it("takes a filter's value as data, never as SQL", async () => {
    const rows = await search("viewer", "search_products", {
      q: "qorvex",
      filters: [{ field: "name", operator: "contains", value: "x') or true --%" }],
    });
    expect(rows).toEqual([]);
  });
});

describe("who may search", () => {
  it("gives viewer, editor and admin the same products, and nothing to a role that may not list them", async () => {
    const ids = async (account: keyof typeof DEMO) =>
      (await search(account, "search_products", { q: "qorvex" })).map((r) => r.id);
    const admin = await ids("admin");
    expect(admin).toHaveLength(4);
    expect(await ids("editor")).toEqual(admin);
    expect(await ids("viewer")).toEqual(admin);
    await withoutRights(stack, "viewer", "public.products", ["list"], async () => {
      // A search is a list: a role that may only show a product by its key finds none.
      expect(await ids("viewer")).toEqual([]);
      expect((await client("viewer").rpc("search_count", { resource: "products", q: "qorvex" })).data).toEqual({
        total: 0,
        approximate: false,
      });
      const palette = await search("viewer", "search_all", { q: "qorvex" });
      expect(palette.filter((hit) => hit.resource === "products")).toEqual([]);
      expect(await ids("editor")).toEqual(admin);
    });
    expect(await ids("viewer")).toEqual(admin);
  });

  it("shows nothing to signed-in users who are not active operators", async () => {
    for (const account of ["outsider", "former"] as const) {
      expect(await search(account, "search_products", { q: "qorvex" })).toEqual([]);
      expect((await client(account).rpc("search_count", { resource: "products", q: "qorvex" })).data).toEqual({
        total: 0,
        approximate: false,
      });
    }
  });

  it("shows a role only the resources it may list: the audit log is not the viewer's", async () => {
    expect(await search("viewer", "search_audit_log", { q: "3" })).toEqual([]);
    expect((await search("editor", "search_audit_log", { q: "3" })).length).toBeGreaterThan(0);
  });

  it("shows audit entries only of tables the role may show, as the audit log's policy does", async () => {
    // The viewer's operator row: admins may show opsdesk.operators, editors may not.
    const q = DEMO.viewer.email;
    const admin = await search("admin", "search_audit_log", { q });
    expect(admin.map((r) => r.table_name)).toContain("operators");
    const editor = await search("editor", "search_audit_log", { q, page_limit: 1000 });
    expect(editor.filter((r) => r.schema_name === "opsdesk")).toEqual([]);
    const table = await client("editor")
      .schema("opsdesk")
      .from("audit_log")
      .select("id")
      .match({ schema_name: "opsdesk", table_name: "operators" });
    expect(table).toMatchObject({ error: null, data: [] });
  });

  it("is not callable without signing in", async () => {
    const calls: [string, Record<string, unknown>][] = [
      ["search_products", { q: "qorvex" }],
      ["search_count", { resource: "products", q: "qorvex" }],
      ["search_all", { q: "qorvex" }],
    ];
    for (const [rpc, args] of calls) {
      const { status, error } = await stack.anon().rpc(rpc, args);
      expect(status).toBe(401);
      expect(error?.code).toBe("42501");
    }
  });
});

describe("words that look like code", () => {
  beforeAll(async () => {
    await stack.sql(
      `insert into products (sku, name, category_id, price, status) values
         ('PCT-0001', '%Off Tag', 1, 1, 'active'), ('UND-0001', '_Blank Tag', 1, 1, 'active'),
         ('BSL-0001', '\\Slash Tag', 1, 1, 'active'), ('JPN-0001', '東京 Teapot', 1, 1, 'active')`,
    );
    await stack.sql(
      `insert into customers (full_name, email, country) values ('Seán O''Brien', 'sean.ob@example.com', 'IE')`,
    );
  });

  const RPCS = ["search_products", "search_customers", "search_orders", "search_categories", "search_audit_log"];
  const ODD = [
    ...["'", '"', "%", "_", "\\", "%%%", "_%\\", "\\'", "$1", "%'%", "' or 1=1 --", "'; drop table products; --"],
    ...["qorvex & !lamp", "qorvex | zzz", "!qorvex", "qorvex:*", "<->", "a <-> b", "(", "*", "::", "\\x00"],
    ...["東京", "🔥", "Ñ ß ø", "x".repeat(200), "long ".repeat(40)],
  ];

  it("answers every search function, whatever the words hold", async () => {
    for (const q of ODD) {
      for (const rpc of [...RPCS, "search_all"]) await search("admin", rpc, { q });
      const { error } = await client("admin").rpc("search_count", { resource: "products", q });
      expect(error, q).toBeNull();
    }
    expect((await stack.sql<{ n: number }>("select count(*)::int as n from products"))[0].n).toBeGreaterThan(100);
  });

  it("matches %, _ and \\ as themselves, not as patterns", async () => {
    // What starts with the characters, by name or SKU (none of them makes a word).
    const expected = async (q: string) =>
      (
        await stack.sql<{ id: string }>(
          `select id::text from products where starts_with(lower(name), $1) or starts_with(lower(sku), $1)
                                       or (length($1) >= 3 and strpos(lower(sku), $1) > 0) order by id`,
          [q],
        )
      ).map((r) => r.id);
    for (const q of ["%", "_", "\\", "%%%", "_%\\"]) {
      const rows = await search("viewer", "search_products", { q, page_limit: 1000 });
      expect(
        rows.map((r) => String(r.id)).sort((a, b) => Number(a) - Number(b)),
        q,
      ).toEqual(await expected(q));
    }
    expect(names(await search("viewer", "search_products", { q: "%" }))).toEqual(["%Off Tag"]);
    // "\sl" starts one name; as a word it is "sl", which starts others (Sleeping Bag).
    const slash = names(await search("viewer", "search_products", { q: "\\sl" }));
    expect(slash[0]).toBe("\\Slash Tag");
    expect(slash.slice(1).every((name) => /\bsl/i.test(String(name)))).toBe(true);
  });

  it("takes tsquery operators and quotes as separators between words, never as operators", async () => {
    // Every word must match: '!' does not negate, '|' does not widen.
    expect(names(await search("viewer", "search_products", { q: "qorvex & !lamp" }))).toEqual(["Qorvex Lamp"]);
    expect(await search("viewer", "search_products", { q: "qorvex | zzqqxx" })).toEqual([]);
    // The quote splits "O'Brien" into "o" and "brien", in the words and in the records alike.
    const obrien = await search("viewer", "search_customers", { q: "o'brien", page_limit: 1000 });
    const [named] = await stack.sql<{ n: number }>(
      "select count(*)::int as n from customers where strpos(lower(full_name), 'o''brien') > 0",
    );
    expect(obrien).toHaveLength(named.n);
    expect(obrien.map((r) => r.full_name)).toContain("Seán O'Brien");
  });

  it("finds words of any script, with accents or without", async () => {
    expect(names(await search("viewer", "search_products", { q: "東京" }))).toEqual(["東京 Teapot"]);
    for (const q of ["ñúñez", "SEAN O", "seán"]) {
      const rows = await search("viewer", "search_customers", { q, page_limit: 100 });
      expect(rows.length, q).toBeGreaterThan(0);
    }
  });

  it("refuses more than 200 characters, or a NUL, with a 400 that says why", async () => {
    for (const rpc of [...RPCS, "search_all"]) {
      const { status, error } = await client("viewer").rpc(rpc, { q: "x".repeat(201) });
      expect(status, rpc).toBe(400);
      expect(error).toMatchObject({
        code: "22023",
        message: "Search words may be at most 200 characters long, not 201.",
      });
    }
    const huge = await client("viewer").rpc("search_count", { resource: "products", q: "kettle ".repeat(100_000) });
    expect(huge.status).toBe(400);
    expect(huge.error?.code).toBe("22023");
    const nul = await client("viewer").rpc("search_products", { q: "a\u0000b" });
    expect(nul.status).toBe(400);
  });

  it("pages from any offset, however far", async () => {
    const far = await search("viewer", "search_products", { q: "qorvex", page_offset: 2_147_483_647 });
    expect(far).toEqual([]);
  });
});

describe("how a tier reads its matches (app.search_reading)", () => {
  it("walks an order's index only where the statistics say that at least 1 % match", async () => {
    // 20 000 rows of few distinct words: "kettle" in 5 % of them, a "w<n>" in each.
    await stack.sql(
      `create table public.search_reading_probe as
         select n as id, to_tsvector('simple', case when n % 20 = 0 then 'kettle' else 'lamp' end || ' w' || n % 50) as words
         from generate_series(1, 20000) n`,
    );
    await stack.sql("analyze public.search_reading_probe");
    const reading = async (condition: string, q: string) =>
      (
        await stack.sql<{ how: string }>(
          "select app.search_reading('search_reading_probe', $1, app.search_terms($2)) as how",
          [condition, q],
        )
      )[0].how;
    try {
      expect(await reading("t.words @@ $8", "kettle")).toBe("walk");
      expect(await reading("t.words @@ $8", "zebra")).toBe("find");
      // Too few distinct words for prefix statistics: the planner guesses 2 % for any
      // prefix, a word nobody has included, so its estimate says nothing.
      expect(await reading("t.words @@ $2", "zeb")).toBe("find");
    } finally {
      await stack.sql("drop table public.search_reading_probe");
    }
  });
});

describe("when a count is the planner's estimate at once (app.search_count_estimate)", () => {
  it("skips counting only where the statistics know of ten times the 1 000 a count stops at", async () => {
    // 20 000 rows: "lamp" in 19 000 of them, "kettle" in 1 000.
    await stack.sql(
      `create table public.search_count_probe as
         select n as id, to_tsvector('simple', case when n % 20 = 0 then 'kettle' else 'lamp' end) as words
         from generate_series(1, 20000) n`,
    );
    await stack.sql("analyze public.search_count_probe");
    const estimate = async (q: string) =>
      (
        await stack.sql<{ most: string; settled: boolean }>(
          `select most, settled
           from app.search_count_estimate(array['select 1 from public.search_count_probe t where t.words @@ $8'],
                                          app.search_terms($1), '[]')`,
          [q],
        )
      )[0];
    try {
      const lamp = await estimate("lamp");
      expect(lamp.settled).toBe(true);
      expect(Number(lamp.most)).toBeGreaterThanOrEqual(10_000);
      // Near the 1 000 a count stops at, and words the statistics do not know: counted.
      expect((await estimate("kettle")).settled).toBe(false);
      expect((await estimate("zebra")).settled).toBe(false);
    } finally {
      await stack.sql("drop table public.search_count_probe");
    }
  });
});
