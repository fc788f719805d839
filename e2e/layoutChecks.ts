// Layout checks shared by the phone-width spec and the random walk: what sticks out of the
// viewport sideways, and which header controls overlap or leave the bar.
import type { Page } from "@playwright/test";

/**
 * Why the page scrolls sideways, if it does: the page's width against the viewport, and the
 * outermost elements reaching past its right edge outside anything that scrolls or clips them.
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX !== "visible") return true;
      }
      return false;
    };
    const culprits = [...document.body.querySelectorAll("*")].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.right > width + 1 && !clipped(element);
    });
    const outermost = culprits.filter(
      (element) => !culprits.some((other) => other !== element && other.contains(element)),
    );
    return [
      `page is ${document.documentElement.scrollWidth}px wide in a ${width}px viewport`,
      ...outermost.slice(0, 5).map((e) => `${e.tagName.toLowerCase()}.${String(e.className).split(" ").join(".")}`),
    ];
  });
}

export interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Pairs of boxes that overlap, and boxes outside the given bounds. */
export function layoutProblems(boxes: Box[], bounds: { width: number; height: number }): string[] {
  const problems: string[] = [];
  for (const box of boxes) {
    if (box.x < 0 || box.y < 0 || box.x + box.width > bounds.width || box.y + box.height > bounds.height)
      problems.push(`${box.name} leaves the header: ${JSON.stringify(box)}`);
  }
  boxes.forEach((a, i) => {
    for (const b of boxes.slice(i + 1)) {
      const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      if (overlap) problems.push(`${a.name} overlaps ${b.name}`);
    }
  });
  return problems;
}
