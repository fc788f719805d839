// What run.ts and profile.ts both measure: the books fixture with 500 more rows, the 25-row
// list with count=exact and one embed (as the anon key), and a single-row GET with a user JWT.
import type pg from "pg";
import type { RunningStack } from "../../stack/src/stack.js";

export interface Request {
  url: string;
  headers: Record<string, string>;
}

/** 500 more books, analysed, so the list's count and plan are those of a real table. */
export async function addBooks(admin: pg.Client): Promise<void> {
  await admin.query(`insert into public.books (title, author_id, pages, price)
    select 'Book ' || g, 1 + g % 3, 100 + g % 400, (g % 50)::numeric / 2 from generate_series(1, 500) g`);
  await admin.query("analyze");
}

export function listRequest(stack: RunningStack): Request {
  return {
    url: `${stack.url}/rest/v1/books?select=id,title,pages,price,author:authors!author_id(name)&order=id&limit=25`,
    headers: {
      apikey: stack.keys.anon,
      authorization: `Bearer ${stack.keys.anon}`,
      prefer: "count=exact",
      "accept-profile": "public",
    },
  };
}

export async function oneRowRequest(stack: RunningStack): Promise<Request> {
  const now = Math.floor(Date.now() / 1000);
  const token = await stack.ctx.jwt.sign({
    sub: "6f1d3c4e-0000-4000-8000-000000000001",
    role: "authenticated",
    aud: "authenticated",
    iat: now,
    exp: now + 3600,
  });
  return {
    url: `${stack.url}/rest/v1/books?id=eq.3&select=*`,
    headers: { apikey: stack.keys.anon, authorization: `Bearer ${token}`, "accept-profile": "public" },
  };
}
