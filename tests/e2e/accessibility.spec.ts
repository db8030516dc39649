import { expect, test } from "@playwright/test";
import { expectNoAccessibilityViolationsInBothThemes } from "./support/axe";
import { skipToContent } from "./support/keyboard";

// Each page is checked in both themes in one visit (the theme follows the system's, switched
// between the two checks).
for (const path of ["/", "/termsofservice", "/privacypolicy", "/no-such-page"]) {
  test(`${path} has no detectable accessibility violations, light and dark`, async ({ page }) => {
    // The hero demo fades its bubbles in; contrast is judged on the finished frame, which is what
    // reduced motion shows, not on a frame caught mid-fade.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(path);
    await expect(page.locator("main#main")).toBeVisible();
    await expectNoAccessibilityViolationsInBothThemes(page);
  });
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
