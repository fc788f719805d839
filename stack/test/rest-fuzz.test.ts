// Fuzzes /rest/v1 with random and hostile query strings: never a 5xx, every error
// in PostgREST's {code,message,details,hint} shape, and the canary table intact.
// FUZZ_COUNT (default 10 000; FUZZ_COUNT=100000 ran in 75 s here) sets the number of
// requests; FUZZ_SEED replays a run.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "./harness.js";
import { startRestStack } from "./rest-helpers.js";

const COUNT = Number(process.env.FUZZ_COUNT ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
/** Generous: a loaded 2-core machine once needed 10 ms a request. */
const TIMEOUT_MS = Math.max(300_000, COUNT * 30);

/** mulberry32: small, seedable. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VALID = [
  "select=id,title,author:authors!author_id(name,books!author_id(id))&pages=gt.100&order=id.desc&limit=3",
  "select=*,genres(name)&or=(pages.lt.200,and(title.ilike.*a*,price.is.null))&offset=1",
  "select=id,meta->>country,tags&tags=cs.{scifi}&meta->awards->>hugo=gte.1",
  'select=id,author:authors!author_id!inner(name)&author.name=in.(Terry,"Ur,sula")&order=author(name).desc.nullslast',
  "select=id::text,period&period=ov.[1960,1970)&search=wfts(english).wizard",
  "id=eq.1&v=neq.x&select=id,v",
  "select=name,books!author_id(title)&books.order=title.desc&books.limit=1&books.or=(pages.gt.1,title.is.null)",
];
const TABLES = ["books", "authors", "canary", "genres", "book_genres", "todos", "profiles", "book_titles", "nope"];
const HOSTILE = [
  "'",
  '"',
  ";",
  "--",
  "/*",
  "*/",
  "\\",
  "%00",
  "%27%3B%20drop%20table%20canary%3B--",
  "' or 1=1 --",
  "(",
  ")",
  "((((",
  "))))",
  ",",
  ".",
  "..",
  "!",
  "!!",
  ":",
  "::",
  "->",
  "->>",
  "*",
  "{",
  "}",
  "[",
  "]",
  "&",
  "=",
  "+",
  "%",
  "%zz",
  "é",
  "日本",
  "🦄",
  "\u202e",
  "null",
  "not.",
  "in.(",
  "eq.",
  "is.maybe",
  "cs.{",
  "order=",
  "select=",
  "limit=-1",
  "limit=99999999999999999999",
  "offset=1e9",
  "$1",
  "pg_sleep(10)",
  "); drop table canary; --",
  '"; drop table canary; --',
];
const KEYS = [
  "select",
  "order",
  "limit",
  "offset",
  "or",
  "and",
  "not.or",
  "id",
  "title",
  "pages",
  "authors.name",
  "books.order",
  "columns",
  "on_conflict",
  "v",
];

function mutate(r: () => number, base: string): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  let s = base;
  const steps = 1 + Math.floor(r() * 4);
  for (let i = 0; i < steps; i++) {
    const at = Math.floor(r() * (s.length + 1));
    switch (Math.floor(r() * 7)) {
      case 0:
        s = s.slice(0, at) + encodeURIComponent(pick(HOSTILE)) + s.slice(at);
        break;
      case 1:
        s = s.slice(0, at) + pick(HOSTILE) + s.slice(at);
        break;
      case 2:
        s = s.slice(0, at) + s.slice(at + 1 + Math.floor(r() * 5));
        break;
      case 3:
        s += `&${pick(KEYS)}=${encodeURIComponent(pick(HOSTILE) + pick(HOSTILE))}`;
        break;
      case 4:
        s += `&${pick(KEYS)}=${"(".repeat(Math.floor(r() * 300))}a.eq.1${")".repeat(Math.floor(r() * 300))}`;
        break;
      case 5:
        s += `&title=eq.${"x".repeat(Math.floor(r() * 6000))}`;
        break;
      default: {
        const parts = s.split("&");
        s = parts.sort(() => r() - 0.5).join("&");
      }
    }
  }
  return s;
}

let stack: TestStack;
const CANARY = "select id, v from canary order by id";
let canaryBefore: unknown;

beforeAll(async () => {
  stack = await startRestStack();
  canaryBefore = await stack.sql(CANARY);
});
afterAll(async () => {
  await stack?.stop();
});

describe(`REST fuzz (seed ${SEED}, ${COUNT} requests)`, () => {
  it(
    "never answers 5xx, always in PostgREST's error shape, and changes nothing",
    async () => {
      const r = rng(SEED);
      const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
      const failures: string[] = [];
      const one = async () => {
        const method = pick(["GET", "GET", "GET", "HEAD", "PATCH", "DELETE", "POST"]);
        const path = r() < 0.1 ? `/rpc/${pick(["add", "search_books", "echo", "nope"])}` : `/${pick(TABLES)}`;
        const qs = r() < 0.15 ? pick(HOSTILE) : mutate(r, pick(VALID));
        const key = r() < 0.5 ? stack.keys.serviceRole : stack.keys.anon;
        const headers: Record<string, string> = {
          apikey: key,
          authorization: `Bearer ${key}`,
          "content-type": "application/json",
          // Writes may legitimately succeed: roll them back so the canary checks the engine, not the fuzzer.
          prefer: `tx=rollback, ${pick(["return=representation", "count=exact", "return=minimal", pick(HOSTILE)])}`,
        };
        if (r() < 0.2)
          headers.accept = pick(["application/vnd.pgrst.object+json", "text/csv", "application/xml", pick(HOSTILE)]);
        if (r() < 0.1) headers.range = pick(["0-1", "5-2", "x", "1-"]);
        const body =
          method === "GET" || method === "HEAD"
            ? undefined
            : pick(['{"v":"fuzz"}', "[", "", `{"${pick(HOSTILE)}":1}`, "[{}]", '{"v":null}']);
        const url = `${stack.url}/rest/v1${path}?${qs}`;
        let res: Response;
        try {
          res = await fetch(url, { method, headers, body });
        } catch (err) {
          // An URL fetch itself refuses (e.g. malformed) never reached the server.
          if (err instanceof TypeError) return;
          throw err;
        }
        const text = await res.text();
        if (res.status >= 500)
          failures.push(`${res.status} ${method} ${path}?${qs.slice(0, 300)} → ${text.slice(0, 300)}`);
        // 431: Node's HTTP parser refuses over-long request lines before any service sees them.
        else if (res.status >= 400 && res.status !== 431 && method !== "HEAD") {
          let ok = false;
          try {
            const b = JSON.parse(text);
            ok =
              Object.keys(b).sort().join() === "code,details,hint,message" &&
              typeof b.code === "string" &&
              typeof b.message === "string";
          } catch {}
          if (!ok)
            failures.push(`bad error body ${res.status} ${method} ${path}?${qs.slice(0, 200)} → ${text.slice(0, 200)}`);
        }
      };
      for (let done = 0; done < COUNT; done += 8) {
        await Promise.all(Array.from({ length: Math.min(8, COUNT - done) }, one));
      }
      expect(failures.slice(0, 10), `seed ${SEED}`).toEqual([]);
      expect(await stack.sql(CANARY)).toEqual(canaryBefore);
      expect((await stack.sql("select count(*)::int as n from books"))[0]).toEqual({ n: 5 });
    },
    TIMEOUT_MS,
  );
});
