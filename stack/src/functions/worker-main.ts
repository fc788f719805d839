// The module each Deno process starts with: it provides the EdgeRuntime global the
// hosted runtime has, then imports the function. Functions that call Deno.serve
// serve themselves; `export default { fetch }` modules are served here.
export const WORKER_MAIN = `globalThis.EdgeRuntime ??= {
  waitUntil(promise) {
    Promise.resolve(promise).catch((err) => console.error(err));
  },
};
const mod = await import(Deno.args[0]);
if (typeof mod.default?.fetch === "function") Deno.serve(mod.default.fetch);
`;
