// Measures what a user waits for: password sign-in (bcrypt cost 10, as GoTrue)
// and a refresh-token rotation. Prints p50/p90; the bounds only catch a regression
// by an order of magnitude (the machine is shared).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "./fixtures/auth/helpers.js";
import { FIXTURES, startTestStack, type TestStack } from "./harness.js";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ projectDir: path.join(FIXTURES, "auth") });
});
afterAll(async () => {
  await stack?.stop();
});

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

describe("auth latency", () => {
  it("signs in and refreshes in reasonable time", async () => {
    const email = uniqueEmail("latency");
    const password = "password-1";
    await stack.anon().auth.signUp({ email, password });
    const client = stack.anon();

    const signIns: number[] = [];
    for (let i = 0; i < 20; i++) {
      signIns.push(
        await timed(async () => {
          const { error } = await client.auth.signInWithPassword({ email, password });
          expect(error).toBeNull();
        }),
      );
    }
    const { data } = await client.auth.signInWithPassword({ email, password });
    let token = data.session?.refresh_token as string;
    const refreshes: number[] = [];
    for (let i = 0; i < 50; i++) {
      refreshes.push(
        await timed(async () => {
          const { data: refreshed, error } = await client.auth.refreshSession({ refresh_token: token });
          expect(error).toBeNull();
          token = refreshed.session?.refresh_token as string;
        }),
      );
    }
    const report = {
      signIn: { p50: percentile(signIns, 50), p90: percentile(signIns, 90), n: signIns.length },
      refresh: { p50: percentile(refreshes, 50), p90: percentile(refreshes, 90), n: refreshes.length },
    };
    console.log(
      `auth latency (ms): ${JSON.stringify(report, (_k, v) => (typeof v === "number" ? Math.round(v * 10) / 10 : v))}`,
    );
    expect(report.signIn.p50).toBeLessThan(2000);
    expect(report.refresh.p50).toBeLessThan(500);
  });
});
