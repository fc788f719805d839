// @vitest-environment jsdom
// "Select all matching" belongs to the list as it was when chosen: another filter, search,
// sort or page drops it, while rows ticked by hand stay ticked across pages.
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useBulkSelection } from "./useBulkSelection";

const page = [{ id: 1 }, { id: 2 }];

describe("useBulkSelection", () => {
  it("drops all matching rows when the list state changes, and keeps hand-ticked rows", () => {
    const { result, rerender } = renderHook(({ state }) => useBulkSelection("id", page, state), {
      initialProps: { state: "page 1" },
    });
    act(() => result.current.selectAllMatching([{ id: 1 }, { id: 2 }, { id: 3 }]));
    expect(result.current.allMatching).toBe(true);
    expect(result.current.records).toHaveLength(3);

    rerender({ state: "page 2" });
    expect(result.current.allMatching).toBe(false);
    expect(result.current.records).toEqual([]);

    act(() => result.current.rowSelection.onChange?.([1], [page[0]], { type: "single" }));
    rerender({ state: "page 3" });
    expect(result.current.records).toEqual([page[0]]);
  });

  it("is no longer all matching once a row is unticked or an action releases rows", () => {
    const { result } = renderHook(() => useBulkSelection("id", page, "list"));
    act(() => result.current.selectAllMatching([{ id: 1 }, { id: 2 }, { id: 3 }]));
    act(() => result.current.release([1, 2]));
    expect(result.current.allMatching).toBe(false);
    expect(result.current.records).toEqual([{ id: 3 }]);
  });
});
