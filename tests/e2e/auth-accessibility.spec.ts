import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

const pages = [
  { path: "/login?plan=pro", heading: "Sign in" },
  { path: "/auth/verify?email=pat%40clinic.example&type=magic_link", heading: "Check your email" },
  { path: "/auth/code?type=recovery&message=Link%20expired", heading: "Password Reset Code Required" },
  { path: "/auth/error?error=otp_expired&email=pat%40clinic.example&type=magic_link", heading: "Authentication Issue" },
];

for (const { path, heading } of pages) {
  for (const theme of ["light", "dark"] as const) {
    test(`${path} in ${theme} mode has no detectable accessibility violations`, async ({ page }) => {
      await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.locator("html")).toHaveClass(theme);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(" | ")}`)).toEqual([]);
    });
  }
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
