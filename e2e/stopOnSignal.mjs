// An e2e stack process ends on Playwright's SIGTERM (or Ctrl+C): the stack stops and its
// temporary data directory goes (e2e/serve-stack.mjs, e2e/any-project/serve-fixture.mjs).
export function stopOnSignal(stack, dataDir, removeDataDir) {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await stack.stop().catch((err) => process.stderr.write(`stack stop: ${err}\n`));
    await removeDataDir(dataDir);
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
