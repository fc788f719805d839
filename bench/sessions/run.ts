// What checking a token's session costs (db/sessions.ts, docs/security.md "Signed-out
// tokens"): the check itself remembered (a session asked within the last 2 s), the check
// asking Postgres, and a REST request with that token (which carries the check) against
// the baseline measured in the same run: the same request with a token of the same claims
// but no session_id, which REST does not check.
//   npx tsx bench/sessions/run.ts      (about 20 s)
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createLogger } from "../../stack/src/shared/log.js";
import { freePort } from "../../stack/src/shared/net.js";
import { removeDataDir, startStack } from "../../stack/src/stack.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);

const perCall = async (n: number, call: () => Promise<unknown>) => {
  for (let i = 0; i < Math.min(200, n); i++) await call();
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await call();
  return Number(process.hrtime.bigint() - start) / 1000 / n;
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), "opsdesk-bench-sessions-"));
const stack = await startStack({
  projectDir: path.join(ROOT, "stack/test/fixtures/basic"),
  port: await freePort(),
  dbPort: await freePort(),
  dataDir,
  log: createLogger("bench"),
});
try {
  const headers = { apikey: stack.keys.anon, "content-type": "application/json" };
  const email = `bench-${Date.now()}@example.test`;
  const signUp = await fetch(`${stack.url}/auth/v1/signup`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: "password-1" }),
  });
  const { access_token: token } = (await signUp.json()) as { access_token: string };
  const claims = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()) as Record<string, unknown>;
  const sessions = stack.ctx.sessions;

  const remembered = await perCall(ROUNDS * 10, () => sessions.claimsLive(claims));
  const asked = await perCall(ROUNDS, () => {
    sessions.forgetUser(String(claims.sub));
    return sessions.claimsLive(claims);
  });
  const { session_id: _, ...sessionless } = claims;
  const unchecked = await stack.ctx.jwt.sign(sessionless);
  const restWith = (bearer: string) => async () => {
    const res = await fetch(`${stack.url}/rest/v1/`, { headers: { ...headers, authorization: `Bearer ${bearer}` } });
    await res.arrayBuffer();
  };
  // Interleaved blocks, each side first in turn, so a change in the machine's load falls on both.
  const BLOCKS = 20;
  let rest = 0;
  let baseline = 0;
  for (let b = 0; b < BLOCKS; b++) {
    const sides = [
      async () => {
        baseline += (await perCall(ROUNDS / BLOCKS, restWith(unchecked))) / BLOCKS;
      },
      async () => {
        rest += (await perCall(ROUNDS / BLOCKS, restWith(token))) / BLOCKS;
      },
    ];
    if (b % 2) sides.reverse();
    for (const side of sides) await side();
  }
  console.log(`session check, remembered   ${remembered.toFixed(2)} µs per request`);
  console.log(`session check, asked of PG  ${asked.toFixed(1)} µs (once per session per 2 s)`);
  console.log(`REST request, session token ${rest.toFixed(0)} µs (checked)`);
  console.log(`baseline: same, no session  ${baseline.toFixed(0)} µs (not checked)`);
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  console.log(
    `check per request at most ${((asked / rest) * 100).toFixed(1)} % of a request (asked), ${((remembered / rest) * 100).toFixed(2)} % (remembered)`,
  );
} finally {
  await stack.stop();
  await removeDataDir(dataDir);
}
