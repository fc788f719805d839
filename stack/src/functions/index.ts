// Edge Functions at /functions/v1/<name>: each function runs in its own Deno
// process (started on first request, kept warm, restarted when its files change),
// behind the verify_jwt gate of the CLI's edge runtime.
import { existsSync, type FSWatcher, mkdirSync, watch, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Service, StackContext } from "../context.js";
import { ChildRegistry } from "../shared/processes.js";
import { type FunctionSpec, findFunction, functionsDir } from "./catalog.js";
import { functionEnv } from "./env.js";
import { FUNCTION_ERRORS, sendJson } from "./errors.js";
import { checkJwt } from "./gate.js";
import { proxyTo } from "./proxy.js";
import { BootError, DenoWorker } from "./worker.js";
import { WORKER_MAIN } from "./worker-main.js";

const PREFIX = "/functions/v1";
const RESTART_DEBOUNCE_MS = 150;

/** The deno binary of the `deno` npm package. */
function denoBinary(): string {
  const require = createRequire(import.meta.url);
  const pkgDir = path.dirname(require.resolve("deno/package.json"));
  return path.join(pkgDir, process.platform === "win32" ? "deno.exe" : "deno");
}

/** Deno's module cache, shared across stacks so npm packages download once per machine. */
function denoDir(): string {
  return process.env.DENO_DIR || path.join(os.homedir(), ".cache", "opsdesk-stack", "deno");
}

export function createFunctionsService(ctx: StackContext): Service {
  const log = ctx.log.child("functions");
  const dir = functionsDir(ctx.config);
  const main = path.join(ctx.dataDir, "functions", "main.mjs");
  const registry = new ChildRegistry(path.join(ctx.dataDir, "functions", "workers"));
  const workers = new Map<string, DenoWorker>();
  let watcher: FSWatcher | undefined;
  let deno: string | undefined;

  const workerFor = (spec: FunctionSpec): DenoWorker => {
    let worker = workers.get(spec.name);
    if (!worker) {
      deno ??= denoBinary();
      worker = new DenoWorker({
        spec,
        deno,
        main,
        env: functionEnv(ctx, dir, denoDir()),
        log: log.child(spec.name),
        registry,
        onExit: (w) => {
          if (workers.get(spec.name) === w) workers.delete(spec.name);
        },
      });
      workers.set(spec.name, worker);
    }
    return worker;
  };

  const restart = (names: Iterable<string>) => {
    for (const name of names) {
      const worker = workers.get(name);
      if (!worker) continue;
      workers.delete(name);
      log.info(`${name} changed: restarting on next request`);
      void worker.stop();
    }
  };

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const rest = req.url.slice(PREFIX.length); // "/<name>[/…][?…]"
    const name = rest.split(/[/?]/)[1] ?? "";
    const spec = findFunction(ctx.config, name);
    if (!spec) {
      reply.raw.writeHead(404, { "content-type": "text/plain" });
      reply.raw.end(FUNCTION_ERRORS.notFound);
      return;
    }
    // An OPTIONS that is no browser preflight (those the gateway answers) reaches the
    // function without the JWT check, as the edge runtime lets it through.
    if (req.method !== "OPTIONS" && spec.verifyJwt) {
      const gate = await checkJwt(req.headers.authorization, ctx.jwt);
      if (!gate.ok) return sendJson(reply, 401, { msg: gate.msg });
    }
    const worker = workerFor(spec);
    let port: number;
    try {
      port = await worker.ready();
    } catch (err) {
      log.error(`${name} failed to boot`, err instanceof BootError ? err.message : err);
      return sendJson(reply, 503, FUNCTION_ERRORS.bootError);
    }
    await proxyTo(req, reply, { port, agent: worker.agent, path: rest, settle: () => worker.settleAfterFailure() });
  };

  return {
    name: "functions",
    prefix: PREFIX,
    // Kong answers preflights and sets Allow-Origin on every answer, as the CLI's gateway.
    cors: "kong",
    // verify_jwt is the gate here, not the API key (functions-js may send none).
    isOpen: () => true,
    register(app) {
      app.removeAllContentTypeParsers();
      app.addContentTypeParser("*", (_req, _payload, done) => done(null, undefined));
      app.all("/", handle);
      app.all("/*", handle);
    },
    async start() {
      const reaped = registry.reap();
      if (reaped.length)
        log.warn(`ended ${reaped.length} function worker(s) left by an earlier run: ${reaped.join(", ")}`);
      mkdirSync(path.dirname(main), { recursive: true });
      writeFileSync(main, WORKER_MAIN);
      if (!existsSync(dir)) return;
      let pending = new Set<string>();
      let timer: NodeJS.Timeout | undefined;
      watcher = watch(dir, { recursive: true }, (_event, file) => {
        const top = file ? String(file).split(path.sep)[0] : "";
        // A function's own folder restarts it; shared code or .env restarts them all.
        for (const name of workers.has(top) ? [top] : workers.keys()) pending.add(name);
        clearTimeout(timer);
        timer = setTimeout(() => {
          const names = pending;
          pending = new Set();
          restart(names);
        }, RESTART_DEBOUNCE_MS);
      });
    },
    async stop() {
      watcher?.close();
      const all = [...workers.values()];
      workers.clear();
      await Promise.all(all.map((w) => w.stop()));
    },
  };
}
