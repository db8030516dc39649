import { expect, type Page } from "@playwright/test";

/** The first Tab reaches a visible 'Skip to content', and Enter on it goes to the page's main content. */
export async function skipToContent(page: Page): Promise<void> {
  await page.keyboard.press("Tab");
  const skipLink = page.getByRole("link", { name: "Skip to content" });
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
}
