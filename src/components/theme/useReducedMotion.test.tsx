// @vitest-environment jsdom
// The console follows the system's reduced-motion setting, also when it changes while open.
import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useReducedMotion } from "./useReducedMotion";

/** A matchMedia whose prefers-reduced-motion answer the test sets. */
function fakeMotionSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return reduce;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = ((query: string) => {
    expect(query).toBe("(prefers-reduced-motion: reduce)");
    return media;
  }) as unknown as typeof window.matchMedia;
  return {
    change(next: boolean) {
      reduce = next;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

function Probe() {
  return <span>{useReducedMotion() ? "reduce" : "full"}</span>;
}

describe("useReducedMotion", () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it("reads the setting and follows its changes", () => {
    const setting = fakeMotionSetting(true);
    const { container, unmount } = render(<Probe />);
    expect(container.textContent).toBe("reduce");
    act(() => setting.change(false));
    expect(container.textContent).toBe("full");
    unmount();
    expect(setting.listeners.size).toBe(0);
  });

  it("is full motion where the browser cannot tell", () => {
    window.matchMedia = undefined as unknown as typeof window.matchMedia;
    const { container } = render(<Probe />);
    expect(container.textContent).toBe("full");
  });
});
