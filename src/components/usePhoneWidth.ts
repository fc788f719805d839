// Whether the console is as narrow as a phone (below antd's `sm` breakpoint, 576 px), known on
// the first render (antd's useBreakpoint answers only after it has measured, so a phone would
// render a wide list first and swap it a moment later).
import { useSyncExternalStore } from "react";

const PHONE = "(max-width: 575.98px)";

const query = () => (typeof window === "undefined" || !window.matchMedia ? undefined : window.matchMedia(PHONE));

function subscribe(onChange: () => void): () => void {
  const media = query();
  media?.addEventListener("change", onChange);
  return () => media?.removeEventListener("change", onChange);
}

export function usePhoneWidth(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}
