// The kit's reporter (reporter.ts): the run's fixture-setup and world waits as p50/p95/max.
import type { TestCase, TestResult } from "@playwright/test/reporter";
import { afterEach, describe, expect, it, vi } from "vitest";
import WorldsReporter, { distribution, WORLD_WAIT_ANNOTATION } from "./reporter.js";

const result = (setupMs: number, worldMs?: number) =>
  ({
    steps: [{ category: "hook", title: "Before Hooks", duration: setupMs }],
    annotations: worldMs === undefined ? [] : [{ type: WORLD_WAIT_ANNOTATION, description: String(worldMs) }],
  }) as unknown as TestResult;

afterEach(() => vi.restoreAllMocks());

describe("the kit's reporter", () => {
  it("prints p50, p95 and max of the setup and world waits of the kit's tests", () => {
    const out = vi.spyOn(process.stdout, "write").mockReturnValue(true);
    const reporter = new WorldsReporter();
    for (let i = 1; i <= 20; i++) reporter.onTestEnd({} as TestCase, result(i * 100, i));
    reporter.onTestEnd({} as TestCase, result(99_999)); // no world: not a test of the kit
    reporter.onEnd({ status: "passed" } as never);
    const printed = out.mock.calls.map((c) => c[0]).join("");
    expect(printed).toContain("p50 1000 ms, p95 1900 ms, max 2000 ms (20 tests)");
    expect(printed).toContain("p50 10 ms, p95 19 ms, max 20 ms (20 tests)");
  });

  it("prints nothing for a run without kit tests", () => {
    const out = vi.spyOn(process.stdout, "write").mockReturnValue(true);
    new WorldsReporter().onEnd({ status: "passed" } as never);
    expect(out).not.toHaveBeenCalled();
    expect(distribution([])).toBe("none measured");
  });
});
