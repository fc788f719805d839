// @vitest-environment jsdom
import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useSameValue } from "./useSameValue";

describe("useSameValue", () => {
  it("keeps the earlier value for an equal new one, and takes a different one", () => {
    const first = [{ field: "status", operator: "in", value: ["active"] }];
    const { result, rerender } = renderHook(({ value }) => useSameValue(value), { initialProps: { value: first } });
    rerender({ value: [{ field: "status", operator: "in", value: ["active"] }] });
    expect(result.current).toBe(first);
    const other = [{ field: "status", operator: "in", value: ["draft"] }];
    rerender({ value: other });
    expect(result.current).toBe(other);
  });
});
