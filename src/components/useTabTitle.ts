// The browser tab's title of a screen, most specific first: "Aquarium pump · Products ·
// Opsdesk". Every screen names itself, so a tab never keeps the title of the one before.
import { useEffect } from "react";

export const APP_NAME = "Opsdesk";

export const tabTitle = (...parts: (string | undefined)[]) =>
  [...parts.filter((part) => part !== undefined && part.trim() !== ""), APP_NAME].join(" · ");

export function useTabTitle(...parts: (string | undefined)[]): void {
  const title = tabTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
