// CHECK definitions as pg_get_constraintdef prints them → the rules a form checks, through
// Postgres' own parser. Each case is a shape real projects write.
import { describe, expect, it } from "vitest";
import { jsPattern, mergeFacts, translateChecks } from "./checkRules";

const one = async (definition: string, name = "c") => translateChecks([{ name, definition }]);

describe("translateChecks", () => {
  it("reads numeric bounds, inclusive and exclusive, from either side and through casts", async () => {
    expect((await one("CHECK ((price >= (0)::numeric))")).columns.price).toEqual({ min: 0, from: ["c"] });
    expect((await one("CHECK ((0 < qty))")).columns.qty).toEqual({ min: 0, minExclusive: true, from: ["c"] });
    expect((await one("CHECK (((rating)::numeric <= 5.5))")).columns.rating).toEqual({ max: 5.5, from: ["c"] });
    expect((await one("CHECK ((delta >= '-10'::integer))")).columns.delta).toMatchObject({ min: -10 });
    expect((await one("CHECK ((delta >= (- 3)))")).columns.delta).toMatchObject({ min: -3 });
  });

  it("reads AND-ed parts and BETWEEN", async () => {
    const both = await one("CHECK (((qty > 0) AND (qty < 100)))");
    expect(both.columns.qty).toMatchObject({ min: 0, minExclusive: true, max: 100, maxExclusive: true });
    expect(both.untranslated).toEqual([]);
    expect((await one("CHECK (((score >= 1) AND (score <= 10)))")).columns.score).toMatchObject({ min: 1, max: 10 });
    expect((await one("CHECK ((pct BETWEEN 0 AND 100))")).columns.pct).toMatchObject({ min: 0, max: 100 });
  });

  it("reads lengths, also of trimmed text as not blank", async () => {
    const name = await one("CHECK (((char_length(name) >= 1) AND (char_length(name) <= 120)))");
    expect(name.columns.name).toMatchObject({ minLength: 1, maxLength: 120 });
    expect((await one("CHECK ((length(code) = 3))")).columns.code).toMatchObject({ minLength: 3, maxLength: 3 });
    expect((await one("CHECK ((length(title) < 81))")).columns.title).toMatchObject({ maxLength: 80 });
    expect((await one("CHECK ((length(btrim(title)) > 0))")).columns.title).toMatchObject({ notBlank: true });
    expect((await one("CHECK ((btrim(label) <> ''::text))")).columns.label).toMatchObject({ notBlank: true });
  });

  it("reads regular expressions and LIKE patterns as JavaScript patterns", async () => {
    const sku = await one("CHECK ((sku ~ '^[A-Z0-9-]{3,32}$'::text))");
    expect(sku.columns.sku.patterns).toEqual([{ source: "^[A-Z0-9-]{3,32}$", flags: "" }]);
    const mail = await one("CHECK ((email ~* '^[^@]+@[^@]+$'::text))");
    expect(mail.columns.email.patterns?.[0].flags).toBe("i");
    const like = await one("CHECK (((code)::text ~~ 'AB\\_%'::text))");
    expect(new RegExp(like.columns.code.patterns?.[0].source ?? "").test("AB_1")).toBe(true);
    expect(new RegExp(like.columns.code.patterns?.[0].source ?? "").test("ABC1")).toBe(false);
    const posix = await one("CHECK ((zip ~ '^[[:digit:]]{5}$'::text))");
    expect(new RegExp(posix.columns.zip.patterns?.[0].source ?? "").test("12345")).toBe(true);
  });

  it("leaves a pattern JavaScript would read differently to the database", async () => {
    const word = await one("CHECK ((slug ~ '^\\m[a-z]+\\M$'::text))", "slug_word");
    expect(word.columns.slug).toBeUndefined();
    expect(word.untranslated).toEqual(["slug_word"]);
  });

  it("reads IN lists, = ANY (ARRAY[…]) and NOT IN", async () => {
    const status = await one(
      "CHECK ((status = ANY (ARRAY['open'::text, 'closed'::text, 'Waiting On Customer'::text])))",
    );
    expect(status.columns.status.oneOf).toEqual(["open", "closed", "Waiting On Customer"]);
    const inList = await one("CHECK ((level IN (1, 2, 3)))");
    expect(inList.columns.level.oneOf).toEqual([1, 2, 3]);
    const notIn = await one("CHECK ((NOT (code IN ('x', 'y'))))");
    expect(notIn.columns.code.noneOf).toEqual(["x", "y"]);
    const notAll = await one("CHECK (((kind)::text <> ALL (ARRAY['a'::text, 'b'::text])))");
    expect(notAll.columns.kind.noneOf).toEqual(["a", "b"]);
  });

  it("reads not null, array sizes and `x IS NULL OR …` of a nullable column", async () => {
    expect((await one("CHECK ((note IS NOT NULL))")).columns.note).toMatchObject({ notNull: true });
    expect((await one("CHECK ((cardinality(tags) <= 10))")).columns.tags).toMatchObject({ maxItems: 10 });
    expect((await one("CHECK ((array_length(tags, 1) <= 5))")).columns.tags).toMatchObject({ maxItems: 5 });
    const nullable = await one("CHECK (((discount IS NULL) OR (discount <= (50)::numeric)))");
    expect(nullable.columns.discount).toMatchObject({ max: 50 });
    expect(nullable.untranslated).toEqual([]);
  });

  it("keeps the readable parts of a constraint and names it as left to the database", async () => {
    const mixed = await one("CHECK (((price > (0)::numeric) AND (price < compare_at_price)))", "price_sane");
    expect(mixed.columns.price).toMatchObject({ min: 0, minExclusive: true });
    expect(mixed.untranslated).toEqual(["price_sane"]);
    const twoColumns = await one("CHECK ((ends_at > starts_at))", "period");
    expect(twoColumns.columns).toEqual({});
    expect(twoColumns.untranslated).toEqual(["period"]);
    const or = await one("CHECK (((a > 0) OR (b > 0)))", "either");
    expect(or.untranslated).toEqual(["either"]);
    const unknown = await one("CHECK (is_valid_vat(vat))", "vat_valid");
    expect(unknown.untranslated).toEqual(["vat_valid"]);
  });

  it("survives definitions the parser refuses and NOT VALID constraints", async () => {
    expect((await one("CHECK ((((", "broken")).untranslated).toEqual(["broken"]);
    expect((await one("CHECK ((qty > 0)) NOT VALID")).columns.qty).toMatchObject({ min: 0 });
  });

  it("merges constraints on one column into the tighter rule and lists where each came from", async () => {
    const out = await translateChecks([
      { name: "a", definition: "CHECK ((n >= 0))" },
      { name: "b", definition: "CHECK ((n >= 5))" },
      { name: "c", definition: "CHECK ((n < 10))" },
    ]);
    expect(out.columns.n).toEqual({ min: 5, max: 10, maxExclusive: true, from: ["a", "b", "c"] });
    expect(mergeFacts({ oneOf: ["a", "b"] }, { oneOf: ["b", "c"] }).oneOf).toEqual(["b"]);
  });

  it("reads a quoted upper-case column name as it is spelt", async () => {
    const out = await one('CHECK (("Amount" > (0)::numeric))');
    expect(out.columns.Amount).toMatchObject({ min: 0 });
  });
});

describe("jsPattern", () => {
  it("keeps what JavaScript reads alike and refuses what it would read differently", () => {
    expect(jsPattern("^[a-z]+$")).toBe("^[a-z]+$");
    expect(jsPattern("^[[:alpha:]]+$")).toBe("^[a-zA-Z]+$");
    expect(jsPattern("\\mword\\M")).toBeUndefined();
    expect(jsPattern("(?i)x")).toBeUndefined();
    expect(jsPattern("([")).toBeUndefined();
  });
});
