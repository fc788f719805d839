// The stack's side of plv8: a JavaScript sandbox per backend session, where the
// functions of `language plv8` run. The sandbox is QuickJS compiled to WebAssembly
// (quickjs-emscripten): unlike Node's `vm`, code in it cannot reach the stack's
// process, files or network — plv8 is a trusted language, so any role allowed to
// create functions writes code that runs here. Its asyncified host functions let
// plv8.execute be synchronous in JavaScript while the stack waits for the backend to
// run the SQL (inside the calling transaction). See docs/extensions-native.md.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  newQuickJSAsyncWASMModuleFromVariant,
  type QuickJSAsyncContext,
  type QuickJSHandle,
} from "quickjs-emscripten-core";
import type { Logger } from "../../../../shared/log.js";
import { text } from "../bridge/protocol.js";
import type { BridgeConnection, BridgeHandler } from "../bridge/server.js";

const SANDBOX_SOURCE = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "sandbox.js"), "utf8");
/** plv8.memory_limit's default: 256 MB. */
const MEMORY_LIMIT = 256 * 1024 * 1024;
/**
 * The sandbox runs on the stack's event loop: JavaScript that computes this long
 * without reaching the database (plv8.execute, plv8.elog) is stopped, as it would
 * hold up every other request of the stack meanwhile.
 */
const SLICE_MS = 10_000;

interface SandboxClock {
  sliceStart: number;
  timedOut: boolean;
}

interface Outcome {
  value?: string | null;
  error?: { code: string; message: string; detail: string | null; hint: string | null };
}

/** What the backend answered to a plv8.execute, as the sandbox reads it (JSON). */
async function execute(connection: BridgeConnection, sql: string, paramsJson: string): Promise<string> {
  const params = JSON.parse(paramsJson) as [string | null, string | null][];
  connection.send("x", [sql, params.length, ...params.flat()]);
  const reply = await connection.next();
  if (!reply) throw new Error("the backend went away");
  const f = reply.fields.map(text);
  if (reply.type === "E") return JSON.stringify({ error: { code: f[0], message: f[1], detail: f[2], hint: f[3] } });
  if (f[0] === "count") return JSON.stringify({ kind: "count", count: Number(f[1]) });
  const natts = Number(f[1]);
  const columns = Array.from({ length: natts }, (_, i) => ({ name: f[2 + i], type: Number(f[2 + natts + i]) }));
  const rows: (string | null)[][] = [];
  for (let at = 2 + 2 * natts; natts > 0 && at < f.length; at += natts) rows.push(f.slice(at, at + natts));
  return JSON.stringify({ kind: "rows", columns, rows });
}

async function openSandbox(connection: BridgeConnection, clock: SandboxClock): Promise<QuickJSAsyncContext> {
  // One WebAssembly instance per session: an asyncified module runs one call at a time.
  // Loaded on first use: a project without plv8 never loads the WebAssembly.
  const module = await newQuickJSAsyncWASMModuleFromVariant(import("@jitl/quickjs-wasmfile-release-asyncify"));
  const runtime = module.newRuntime();
  runtime.setMemoryLimit(MEMORY_LIMIT);
  runtime.setMaxStackSize(1024 * 1024);
  // A backend that went away (cancel, timeout, disconnect) stops its JavaScript too.
  runtime.setInterruptHandler(() => {
    if (performance.now() - clock.sliceStart > SLICE_MS) clock.timedOut = true;
    return connection.isClosed || clock.timedOut;
  });
  const vm = runtime.newContext();
  const host: [string, (...args: QuickJSHandle[]) => Promise<QuickJSHandle | undefined>][] = [
    [
      "__host_execute",
      async (sql, params) => {
        const answer = await execute(connection, vm.getString(sql), vm.getString(params));
        clock.sliceStart = performance.now();
        return vm.newString(answer);
      },
    ],
    [
      "__host_elog",
      async (level, message) => {
        connection.send("l", [String(vm.getNumber(level)), vm.getString(message)]);
        await connection.next();
        clock.sliceStart = performance.now();
        return undefined;
      },
    ],
  ];
  for (const [name, fn] of host) {
    const handle = vm.newAsyncifiedFunction(name, fn);
    vm.setProp(vm.global, name, handle);
    handle.dispose();
  }
  clock.sliceStart = performance.now();
  const loaded = vm.unwrapResult(vm.evalCode(SANDBOX_SOURCE, "plv8-sandbox.js"));
  loaded.dispose();
  // No dispose at close: QuickJS asserts that every object is freed first, and a session
  // ended half-way (cancel) leaves some. The instance is dropped with the connection and
  // the WebAssembly memory is collected with it.
  return vm;
}

async function run(vm: QuickJSAsyncContext, clock: SandboxClock, code: string): Promise<Outcome> {
  clock.sliceStart = performance.now();
  clock.timedOut = false;
  const result = await vm.evalCodeAsync(code, "plv8-call.js");
  if (result.error) {
    const error = vm.dump(result.error);
    result.error.dispose();
    const message = clock.timedOut
      ? `plv8: the function computed for more than ${SLICE_MS / 1000} s without reaching the database; the stack's sandbox stopped it`
      : String(error?.message ?? error);
    return { error: { code: clock.timedOut ? "57014" : "XX000", message, detail: null, hint: null } };
  }
  const outcome = vm.dump(result.value) as Outcome;
  result.value.dispose();
  return outcome;
}

export function plv8Handler(log: Logger): BridgeHandler {
  return async (frame, connection) => {
    const f = frame.fields.map(text);
    const clock = (connection.session.get("plv8.clock") as SandboxClock | undefined) ?? {
      sliceStart: 0,
      timedOut: false,
    };
    connection.session.set("plv8.clock", clock);
    let vm = connection.session.get("plv8") as Promise<QuickJSAsyncContext> | undefined;
    if (!vm) {
      vm = openSandbox(connection, clock);
      connection.session.set("plv8", vm);
    }
    let code: string;
    if (f[0] === "call") {
      const nargs = Number(f[3]);
      const args = Array.from({ length: nargs }, (_, i) => [f[4 + 2 * i], f[5 + 2 * i]]);
      code = `__plv8_call(${JSON.stringify({ fn: Number(f[1]), rettype: Number(f[2]), args })})`;
    } else if (f[0] === "inline") code = `__plv8_inline(${JSON.stringify(f[1] ?? "")})`;
    else code = `__plv8_validate(${Number(f[1])})`;
    const outcome = await run(await vm, clock, code);
    if (connection.isClosed) return;
    if (outcome.error) {
      log.debug("plv8 function failed", outcome.error);
      const e = outcome.error;
      connection.send("e", [e.code ?? "XX000", e.message, e.detail, e.hint]);
    } else connection.send("r", [outcome.value ?? null]);
  };
}
