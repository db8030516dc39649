import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * WCAG 2.1 A and AA, as every page is held to, read at the colours the page settles on. Axe runs
 * with reduced motion asked for (toasts then appear without fading in: one that is half-faded while
 * axe reads it fails on contrast it never has), after every finite animation left has ended. The
 * page's own motion preference is put back afterwards.
 */
export async function expectNoAccessibilityViolations(page: Page) {
  const reducedMotionBefore = await page.evaluate(() => window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  await page.emulateMedia({ reducedMotion: "reduce" });
  try {
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Infinity),
    );
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(" | ")}`)).toEqual([]);
  } finally {
    await page.emulateMedia({ reducedMotion: reducedMotionBefore ? "reduce" : "no-preference" });
  }
}
