// Serves Notes' page, its script and supabase-js's browser build on 127.0.0.1:<port>.
// Usage: node examples/notes/web/serve.mjs <port>
import { readFile } from "node:fs/promises";
import http from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const supabaseJs = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@supabase/supabase-js")),
  "umd",
  "supabase.js",
);
const FILES = {
  "/": [path.join(here, "index.html"), "text/html; charset=utf-8"],
  "/app.js": [path.join(here, "app.js"), "text/javascript; charset=utf-8"],
  "/supabase.js": [supabaseJs, "text/javascript; charset=utf-8"],
};

const port = Number(process.argv[2]);
http
  .createServer(async (req, res) => {
    const file = FILES[new URL(req.url ?? "/", "http://x").pathname];
    if (!file) return res.writeHead(404).end("not found");
    res.writeHead(200, { "content-type": file[1], "cache-control": "no-store" }).end(await readFile(file[0]));
  })
  .listen(port, "127.0.0.1", () => process.stdout.write(`notes on http://127.0.0.1:${port}\n`));
