// An operator action that may fail: runs it, says while it runs, and keeps the message
// of its failure to show next to the control (cleared when the next attempt starts).
import { useCallback, useState } from "react";

export function useAttempt() {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  /** Runs `work`; resolves true when it succeeded, false when it failed (see `error`). */
  const attempt = useCallback(async (work: () => Promise<unknown>): Promise<boolean> => {
    setError(undefined);
    setBusy(true);
    try {
      await work();
      return true;
    } catch (failure) {
      setError((failure as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);

  return { error, setError, busy, attempt };
}
