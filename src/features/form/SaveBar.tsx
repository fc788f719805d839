// The form's footer: the outcome of the last save (a stale version, a refusal) right beside
// the Save button, where the operator's eye is after clicking it, scrolled into view.
import type { ReactNode } from "react";
import { useEffect, useRef } from "react";

export function SaveBar({ notice, children }: { notice: ReactNode; children: ReactNode }) {
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.scrollIntoView({ block: "nearest" });
  }, [notice]);
  return (
    <div style={{ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "center", justifyContent: "flex-end" }}>
      {notice && (
        <div ref={noticeRef} style={{ flex: "1 1 280px", maxWidth: 560, textAlign: "start" }}>
          {notice}
        </div>
      )}
      {children}
    </div>
  );
}
