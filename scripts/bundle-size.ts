// Measures the JavaScript a page of a production build loads, gzip-compressed, the way a
// browser fetches it: serves the build folder, opens the route in Chromium, and sums the
// gzip size of every script response (static imports, preloads and lazy chunks alike).
//
//   npx tsx scripts/bundle-size.ts [buildDir=dist] [route=/login] [--max=KB]
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

const TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".json": "application/json",
};

/** A static server with the SPA fallback vite preview has: unknown paths get index.html. */
function serve(root: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)).replace(
      /^(\.\.[/\\])+/,
      "",
    );
    let file = join(root, path);
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(root, "index.html");
    res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

export interface ScriptSize {
  url: string;
  bytes: number;
  gzip: number;
}

export async function measureRoute(buildDir: string, route: string): Promise<ScriptSize[]> {
  const server = await serve(buildDir);
  const { port } = server.address() as AddressInfo;
  const executablePath = existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
  const browser = await chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    const page = await browser.newPage();
    const scripts: Promise<ScriptSize>[] = [];
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (!url.pathname.endsWith(".js") || url.port !== String(port)) return;
      scripts.push(
        response
          .body()
          .then((body) => ({ url: url.pathname, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length })),
      );
    });
    await page.goto(`http://127.0.0.1:${port}${route}`, { waitUntil: "networkidle" });
    return await Promise.all(scripts);
  } finally {
    await browser.close();
    server.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
  const max = Number(process.argv.find((a) => a.startsWith("--max="))?.slice(6) ?? Number.NaN);
  const [buildDir = "dist", route = "/login"] = args;
  const sizes = await measureRoute(buildDir, route);
  for (const s of sizes.sort((a, b) => b.gzip - a.gzip))
    console.log(`${kb(s.gzip).padStart(10)}  ${kb(s.bytes).padStart(10)}  ${s.url}`);
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
  console.log(
    `${route}: ${sizes.length} scripts, ${kb(total)} gzip (${kb(sizes.reduce((sum, s) => sum + s.bytes, 0))} raw)`,
  );
  if (total > max * 1024) {
    console.error(`over the budget of ${max} KB gzip`);
    process.exit(1);
  }
}
