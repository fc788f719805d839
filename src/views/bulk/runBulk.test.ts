import { describe, expect, it } from "vitest";
import { runBulk } from "./runBulk";

describe("bulk actions", () => {
  it("reports every row in selection order, failures with their reason, at most n at a time", async () => {
    let running = 0;
    let most = 0;
    const outcome = await runBulk(
      [1, 2, 3, 4, 5, 6, 7],
      async (id) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, (7 - id) * 3));
        running--;
        if (id % 3 === 0) throw new Error(`row ${id} is still used`);
      },
      3,
    );
    expect(outcome).toEqual({
      succeeded: [1, 2, 4, 5, 7],
      failed: [
        { id: 3, message: "row 3 is still used" },
        { id: 6, message: "row 6 is still used" },
      ],
    });
    expect(most).toBe(3);
  });

  it("does nothing for an empty selection", async () => {
    expect(await runBulk([], async () => {})).toEqual({ succeeded: [], failed: [] });
  });
});
