// Whole seconds until a moment, counting down once a second (none when there is no moment).
import { useEffect, useState } from "react";

export function useSecondsUntil(at: number | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === undefined) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [at]);
  return at === undefined ? undefined : Math.max(1, Math.ceil((at - now) / 1_000));
}
