// A function whose identity never changes and that always calls the latest one it was given:
// handlers for memoised components (which compare their props) and for context values that
// must not change, without re-rendering them for a new closure.
import { useCallback, useLayoutEffect, useRef } from "react";

export function useStableCallback<Args extends unknown[], Result>(
  fn: (...args: Args) => Result,
): (...args: Args) => Result {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
