// The QA kit's reporter (docs/qa.md): at the end of a run, prints what the tests waited for
// before their bodies ran — the whole fixture setup ("Before Hooks": browser context, page,
// the world, a sign-in, beforeEach hooks) and, of it, the wait for the test's world — as
// p50 / p95 / max over the run's tests. Add it beside the usual reporter:
//   reporter: [["list"], ["opsdesk-stack/playwright/reporter"]]
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/** The kit's annotation on each test: milliseconds its world took to arrive. */
export const WORLD_WAIT_ANNOTATION = "opsdesk-world-wait-ms";

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function distribution(values: number[]): string {
  if (!values.length) return "none measured";
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => Math.round(percentile(sorted, p));
  return `p50 ${at(50)} ms, p95 ${at(95)} ms, max ${Math.round(sorted[sorted.length - 1])} ms (${values.length} tests)`;
}

export default class WorldsReporter implements Reporter {
  private readonly setup: number[] = [];
  private readonly worlds: number[] = [];

  printsToStdio(): boolean {
    return false;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const hooks = result.steps.find((step) => step.category === "hook" && step.title === "Before Hooks");
    const world = (result.annotations ?? test.annotations).find((a) => a.type === WORLD_WAIT_ANNOTATION);
    if (!world) return; // not a test of the kit, or skipped before its fixtures
    this.worlds.push(Number(world.description));
    if (hooks) this.setup.push(hooks.duration);
  }

  onEnd(_result: FullResult): void {
    if (!this.worlds.length) return;
    process.stdout.write(
      `\nQA kit: what the tests waited for before their bodies ran\n` +
        `  fixture setup (context, page, world, sign-in, beforeEach): ${distribution(this.setup)}\n` +
        `  of which the test's world:                              ${distribution(this.worlds)}\n`,
    );
  }
}
