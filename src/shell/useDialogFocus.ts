// Dialogs and drawers take the keyboard the moment they open. antd moves focus into them
// only once their opening animation has ended, so an Escape (or Tab) pressed before that went
// to the page behind and was lost: "?" then Esc left the shortcuts help open.
import { useEffect } from "react";
import { OPEN_LAYERS } from "../adapters/antd/selectors";

export function focusNewestLayer(): void {
  const layers = document.querySelectorAll<HTMLElement>(OPEN_LAYERS);
  const newest = layers[layers.length - 1];
  if (newest && !newest.contains(document.activeElement)) newest.focus({ preventScroll: true });
}

export function useDialogFocus(): void {
  useEffect(() => {
    // After the dialog's own effects (which note where focus returns to on close).
    const observer = new MutationObserver(focusNewestLayer);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["class", "style"],
    });
    return () => observer.disconnect();
  }, []);
}
