// Once signed in, the operator's stored theme and language win over this browser's last ones.
import { useEffect } from "react";
import { usePreferences } from "./PreferencesProvider";
import { loadPreferences } from "./preferences";

export function usePreferenceSync(): void {
  const { apply } = usePreferences();
  useEffect(() => {
    let current = true;
    loadPreferences().then((stored) => {
      if (current && stored) apply(stored);
    });
    return () => {
      current = false;
    };
  }, [apply]);
}
