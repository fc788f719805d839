// One auth request at a time from a sign-in screen: pending while it runs, then its outcome.
import { useCallback, useState } from "react";
import type { AuthOutcome } from "../../providers/signIn";

export function useAuthAction<Values>(action: (values: Values) => Promise<AuthOutcome>) {
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<AuthOutcome>();
  const run = useCallback(
    async (values: Values): Promise<AuthOutcome> => {
      setPending(true);
      try {
        const result = await action(values);
        setOutcome(result);
        return result;
      } finally {
        setPending(false);
      }
    },
    [action],
  );
  return { run, pending, outcome, error: outcome?.ok === false ? outcome.message : undefined };
}
