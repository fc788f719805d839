// Marks the rows a live event touched, so the list can tint them for a moment.
import type { BaseRecord, LiveEvent } from "@refinedev/core";
import { useCallback, useEffect, useRef, useState } from "react";
import "./live.css";

export const HIGHLIGHT_CLASS = "opsdesk-live-changed";
/** As long as the CSS fade runs. */
const HIGHLIGHT_MS = 2500;

export function useLiveHighlights(idColumn: string) {
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const onLiveEvent = useCallback(
    (event: LiveEvent) => {
      const key = event.payload?.[idColumn];
      if (key === undefined || key === null || event.type === "deleted") return;
      const id = String(key);
      setMarked((current) => new Set(current).add(id));
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => {
          timers.current.delete(id);
          setMarked((current) => {
            const next = new Set(current);
            next.delete(id);
            return next;
          });
        }, HIGHLIGHT_MS),
      );
    },
    [idColumn],
  );

  const rowClassName = useCallback(
    (record: BaseRecord) => (marked.has(String(record[idColumn])) ? HIGHLIGHT_CLASS : ""),
    [marked, idColumn],
  );

  return { onLiveEvent, rowClassName };
}
