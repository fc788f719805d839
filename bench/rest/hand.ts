// The hand-written list handler run.ts compares /rest/v1 against (profile.ts profiles it too).
import http from "node:http";
import pg from "pg";

/** The list query, written by hand: what a careful engineer would run for this page. */
const HAND_SQL = `
select (select count(*) from public.books) as total,
       coalesce(json_agg(t), '[]')::text as body
from (select b.id, b.title, b.pages, b.price,
             (select row_to_json(a) from (select name from public.authors where id = b.author_id) a) as author
      from public.books b order by b.id limit 25) t`;

export function handWritten(dbUrl: string): Promise<{ server: http.Server; pool: pg.Pool; port: number }> {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 10 });
  const server = http.createServer(async (_req, res) => {
    try {
      const { rows } = await pool.query(HAND_SQL);
      res.writeHead(200, {
        "content-type": "application/json; charset=utf-8",
        "content-range": `0-24/${rows[0].total}`,
      });
      res.end(rows[0].body);
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, pool, port: (server.address() as { port: number }).port })),
  );
}
