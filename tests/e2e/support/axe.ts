import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/**
 * WCAG 2.1 A and AA, as every page is held to (or `onlyRules` of them), read at the colours the
 * page settles on. Axe runs with reduced motion asked for (toasts then appear without fading in:
 * one that is half-faded while axe reads it fails on contrast it never has), after every finite
 * animation left has ended. The page's own motion preference is put back afterwards.
 */
export async function expectNoAccessibilityViolations(page: Page, onlyRules?: readonly string[]) {
  const reducedMotionBefore = await page.evaluate(() => window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  await page.emulateMedia({ reducedMotion: "reduce" });
  try {
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Infinity),
    );
    const axe = new AxeBuilder({ page });
    const results = await (onlyRules ? axe.withRules([...onlyRules]) : axe.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(" | ")}`)).toEqual([]);
  } finally {
    await page.emulateMedia({ reducedMotion: reducedMotionBefore ? "reduce" : "no-preference" });
  }
}

/**
 * The WCAG rules whose outcome a theme can change: text contrast, and links in running text told
 * apart from it by colour. Every other rule reads the document's structure, names and roles, which
 * both themes share, so the second theme is read for these alone (ADR 048).
 */
const rulesOfColour = ["color-contrast", "link-in-text-block"] as const;

/**
 * The page as it is now, checked in the light theme and then in the dark one within the same visit,
 * as the theme menu or the system's setting switches it: the page must follow the system's theme
 * (no theme stored), which is emulated here, and must show the theme's class before axe reads it.
 * It is left in the light theme. One visit for both themes instead of one each, and every rule in
 * the light theme but only the rules of colour in the dark one (ADR 048).
 */
export async function expectNoAccessibilityViolationsInBothThemes(page: Page) {
  try {
    for (const theme of ["light", "dark"] as const) {
      await test.step(`in the ${theme} theme`, async () => {
        await page.emulateMedia({ colorScheme: theme });
        await expect(page.locator("html")).toHaveClass(new RegExp(`(^|\\s)${theme}(\\s|$)`));
        await expectNoAccessibilityViolations(page, theme === "dark" ? rulesOfColour : undefined);
      });
    }
  } finally {
    await page.emulateMedia({ colorScheme: "light" });
  }
}
