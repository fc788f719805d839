// Runs bcrypt off the main thread: at cost 10 one hash or compare is ~70–120 ms of
// CPU in JavaScript, which on the event loop would stall every other request.
// Plain JavaScript so worker threads load it without the TypeScript loader.
import { parentPort } from "node:worker_threads";
import bcrypt from "bcryptjs";

parentPort.on("message", ({ id, op, password, hashOrCost }) => {
  try {
    const result = op === "hash" ? bcrypt.hashSync(password, hashOrCost) : bcrypt.compareSync(password, hashOrCost);
    parentPort.postMessage({ id, result });
  } catch (err) {
    parentPort.postMessage({ id, error: String(err?.message ?? err) });
  }
});
