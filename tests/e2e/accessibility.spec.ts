import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { skipToContent } from "./support/keyboard";

for (const path of ["/", "/termsofservice", "/privacypolicy", "/no-such-page"]) {
  for (const theme of ["light", "dark"] as const) {
    test(`${path} in ${theme} mode has no detectable accessibility violations`, async ({ page }) => {
      await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
      // The hero demo fades its bubbles in; contrast is judged on the finished frame, which is what
      // reduced motion shows, not on a frame caught mid-fade.
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto(path);
      await expect(page.locator("main#main")).toBeVisible();
      await expect(page.locator("html")).toHaveClass(theme);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(" | ")}`)).toEqual([]);
    });
  }
}

test("keyboard users can skip straight to the content", async ({ page }) => {
  await page.goto("/privacypolicy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await skipToContent(page);
});

test("the notifications region is labelled for screen readers", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("region", { name: /Notifications/ })).toBeAttached();
});
