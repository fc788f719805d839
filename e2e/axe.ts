// axe's WCAG 2.1 A/AA rules on the page as it is, reduced to the serious and critical findings.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { motionDone } from "./layoutChecks";

/** The rules whose outcome depends on colours, and so on the theme. */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** Every WCAG 2.1 A/AA rule, or only those named. */
export async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  // Colours mid-transition (a theme switch, a hover) are neither theme's: let them arrive.
  await motionDone(page);
  // WCAG rules only (axe's best-practice rules are advice, and slow on large tables).
  const builder = new AxeBuilder({ page });
  const { violations } = await (rules ? builder.withRules(rules) : builder.withTags(WCAG_TAGS)).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
