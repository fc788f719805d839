// Unsaved changes are never lost without asking (docs/everyday.md, "Saving without a
// connection"): leaving a form with changes — a link, the menu, the palette, a `g` shortcut,
// the browser's Back and Forward, closing or reloading the tab — asks first, and closing the
// tab also asks while a save waits for the server. Refine's UnsavedChangesNotifier asked for
// links only: Back went through without a word, and Refine stops asking once Save is pressed,
// so a save that failed left the changes unguarded. Choosing to leave drops the form's draft
// (features/saving); a reload keeps it, and the form brings it back.
import { useTranslate, useWarnAboutChange } from "@refinedev/core";
import { useContext, useEffect, useRef, useSyncExternalStore } from "react";
import { UNSAFE_NavigationContext, useLocation } from "react-router";
import { useStableCallback } from "../components/useStableCallback";
import { drafts } from "../features/saving/pageDrafts";
import { setHistoryGate } from "./historyGate";

/** React Router's index of the history entry shown (it keeps it in history.state). */
const historyIndex = () => (window.history.state as { idx?: number } | null)?.idx;

const subscribeSending = (listener: () => void) => drafts().subscribe(listener);
const sendingCount = () => drafts().sending().size;

export function LeaveGuard() {
  const t = useTranslate();
  const { warnWhen, setWarnWhen } = useWarnAboutChange();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { pathname } = useLocation();
  const sending = useSyncExternalStore(subscribeSending, sendingCount);
  const message = t("warnWhenUnsavedChanges", "Are you sure you want to leave? You have unsaved changes.");

  // A form's changes are about its own page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address ends them (Refine's notifier did the same)
  useEffect(() => () => setWarnWhen(false), [pathname, setWarnWhen]);

  const confirmLeave = useStableCallback(() => {
    if (!window.confirm(message)) return false;
    drafts().discardOpen();
    setWarnWhen(false);
    return true;
  });

  useEffect(() => {
    if (!warnWhen && sending === 0) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = message;
      return message;
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [warnWhen, sending, message]);

  // Inside the console every move is a push or a go of the router's history.
  useEffect(() => {
    if (!warnWhen) return;
    const { push, go } = navigator;
    navigator.push = (...args) => {
      if (confirmLeave()) push(...args);
    };
    navigator.go = (...args) => {
      if (confirmLeave()) go(...args);
    };
    return () => {
      navigator.push = push;
      navigator.go = go;
    };
  }, [navigator, warnWhen, confirmLeave]);

  // Back and Forward: the address has changed already. Caught before React Router hears it
  // (historyGate.ts), then either handed on, or undone by stepping back to the entry the form
  // is on (that step is swallowed too).
  const shownIndex = useRef(historyIndex());
  useEffect(() => {
    shownIndex.current = historyIndex();
  });
  useEffect(() => {
    if (!warnWhen) return;
    let handOn = false;
    let undoing = false;
    const onPop = (event: PopStateEvent) => {
      if (handOn) {
        handOn = false;
        return;
      }
      event.stopImmediatePropagation();
      if (undoing) {
        undoing = false;
        return;
      }
      const from = shownIndex.current;
      const to = historyIndex();
      if (confirmLeave()) {
        handOn = true;
        window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
      } else if (from !== undefined && to !== undefined && from !== to) {
        undoing = true;
        window.history.go(from - to);
      }
    };
    return setHistoryGate(onPop);
  }, [warnWhen, confirmLeave]);

  return null;
}
