// Keys that submit forms: Enter in a one-line field, Ctrl/Cmd+Enter in any field (a text
// area too). Refine's create and edit pages keep Save outside the <form>, so the browser's
// implicit submission never happened there.
import { useEffect } from "react";
import { KEYED_CONTROLS } from "../adapters/antd/selectors";

/** Fields where Enter means "done" rather than a new line or a choice in a list. */
function isOneLineField(element: Element): boolean {
  if (!(element instanceof HTMLInputElement)) return false;
  if (!["text", "email", "number", "password", "search", "tel", "url"].includes(element.type)) return false;
  // Selects, date pickers and auto-completes take Enter for their own choice.
  return !element.closest(KEYED_CONTROLS) && element.getAttribute("role") !== "combobox";
}

/** The form an Enter key press submits, if any. */
export function formToSubmit(event: KeyboardEvent): HTMLFormElement | null {
  if (event.key !== "Enter" || event.isComposing || event.defaultPrevented || event.altKey) return null;
  const target = event.target instanceof Element ? event.target : null;
  const form = target?.closest("form");
  if (!target || !form) return null;
  if (event.ctrlKey || event.metaKey) return form;
  return !event.shiftKey && isOneLineField(target) ? form : null;
}

export function useFormKeys(): void {
  useEffect(() => {
    // After the fields' own handlers (bubbling to window), which may have used the key.
    const onKeyDown = (event: KeyboardEvent) => {
      const form = formToSubmit(event);
      if (!form) return;
      // Instead of the browser's implicit submission, where a form has one: once only.
      event.preventDefault();
      form.requestSubmit();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
