// Layout checks shared by the phone-width spec and the random walk: what sticks out of the
// viewport sideways, and which header controls overlap or leave the bar.
import type { Page } from "@playwright/test";

/**
 * Waits for running CSS transitions and finite CSS animations (a drawer sliding, a menu
 * opening, a theme switch) to arrive; endless ones (spinners) are left running.
 */
export async function motionDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation instanceof CSSTransition ||
            (animation instanceof CSSAnimation && animation.effect?.getTiming().iterations !== Infinity),
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * What sticks out of the viewport sideways, once motion has settled: the page's width
 * against the viewport (it scrolls sideways), and the outermost elements cut off at either
 * edge outside anything that scrolls or clips them (a popup reaching past the left edge
 * makes nothing scroll, but is cut off all the same).
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  await motionDone(page);
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX !== "visible") return true;
      }
      return false;
    };
    const culprits = [...document.body.querySelectorAll("*")].filter((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      // Partly shown: wholly outside is how hidden things are kept (closed drawers, measurers).
      const cutOff = (box.right > width + 1 && box.left < width) || (box.left < -1 && box.right > 0);
      return cutOff && !clipped(element);
    });
    const outermost = culprits.filter(
      (element) => !culprits.some((other) => other !== element && other.contains(element)),
    );
    const scrolls = document.documentElement.scrollWidth > width;
    if (!scrolls && outermost.length === 0) return [];
    const describe = (e: Element) => {
      const box = e.getBoundingClientRect();
      const name = `${e.tagName.toLowerCase()}.${String(e.className).split(" ").join(".")}`;
      return `${name} spans ${Math.round(box.left)}..${Math.round(box.right)}px`;
    };
    return [
      ...(scrolls ? [`page is ${document.documentElement.scrollWidth}px wide in a ${width}px viewport`] : []),
      ...outermost.slice(0, 5).map(describe),
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
