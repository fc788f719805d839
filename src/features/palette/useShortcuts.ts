// Global keys: Ctrl/Cmd+K palette, `g` then a letter to go to a resource, `/` list search,
// `?` the shortcuts help. Keys typed into a field are left alone.
import { useEffect, useRef } from "react";
import { OPEN_MODAL } from "../../adapters/antd/selectors";
import { type Command, isTyping } from "./commands";

/**
 * How long after `g` the letter may come, between the key presses themselves (their event
 * time stamps): a page busy rendering handles both late, and must not lose the sequence.
 */
const SEQUENCE_MS = 1500;

/** The list search box of the screen, when it has one (see ResourceList). */
export const LIST_SEARCH_SELECTOR = "input[data-list-search], [data-list-search] input";

interface Handlers {
  commands: Command[];
  openPalette: () => void;
  openHelp: () => void;
  go: (path: string) => void;
}

export function useShortcuts({ commands, openPalette, openHelp, go }: Handlers): void {
  const latest = useRef({ commands, openPalette, openHelp, go });
  latest.current = { commands, openPalette, openHelp, go };

  useEffect(() => {
    let pendingG = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      const handlers = latest.current;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        handlers.openPalette();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      // An open modal dialog has the keyboard (the palette handles its own keys); one still
      // playing its closing animation does not.
      if (document.querySelector(OPEN_MODAL)) return;
      if (pendingG && event.timeStamp - pendingG < SEQUENCE_MS) {
        pendingG = 0;
        const target = handlers.commands.find((c) => c.shortcut === `g ${event.key.toLowerCase()}`);
        if (target) {
          event.preventDefault();
          handlers.go(target.path);
        }
        return;
      }
      if (event.key === "g") {
        pendingG = event.timeStamp;
      } else if (event.key === "/") {
        const search = document.querySelector<HTMLInputElement>(LIST_SEARCH_SELECTOR);
        if (search) {
          event.preventDefault();
          search.focus();
        }
      } else if (event.key === "?") {
        event.preventDefault();
        handlers.openHelp();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
