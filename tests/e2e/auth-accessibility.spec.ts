import { expect, test } from "@playwright/test";
import { expectNoAccessibilityViolationsInBothThemes } from "./support/axe";

const pages = [
  { path: "/login?plan=pro", heading: "Sign in" },
  { path: "/auth/verify?email=pat%40clinic.example&type=magic_link", heading: "Check your email" },
  { path: "/auth/code?type=recovery&message=Link%20expired", heading: "Password Reset Code Required" },
  { path: "/auth/error?error=otp_expired&email=pat%40clinic.example&type=magic_link", heading: "Authentication Issue" },
];

// Each page is checked in both themes in one visit (the theme follows the system's, switched
// between the two checks).
for (const { path, heading } of pages) {
  test(`${path} has no detectable accessibility violations, light and dark`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expectNoAccessibilityViolationsInBothThemes(page);
  });
}

test("the login form works from the keyboard alone", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).focus();
  await page.keyboard.type("nobody@e2e.example");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Forgot password?" })).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Reset your password" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Forgot password?" })).toBeFocused();
});
