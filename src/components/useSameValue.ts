// The value from an earlier render while the new one has the same JSON text: a memo that depends
// on it then runs again only when what it holds changes, not when a new array is made of it.
import { useMemo } from "react";

export function useSameValue<T>(value: T): T {
  const text = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text stands for the value
  return useMemo(() => value, [text]);
}
