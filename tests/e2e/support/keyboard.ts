import { expect, type Locator, type Page } from "@playwright/test";

/** The first Tab reaches a visible 'Skip to content', and Enter on it goes to the page's main content. */
export async function skipToContent(page: Page): Promise<void> {
  await page.keyboard.press("Tab");
  const skipLink = page.getByRole("link", { name: "Skip to content" });
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
}

/** What a keyboard user hears first for the focused element: its label, else the first line of its text. */
function focusedName(): string {
  const element = document.activeElement as HTMLElement | null;
  if (!element || element === document.body) return "(nothing)";
  return (element.getAttribute("aria-label") ?? element.innerText ?? "").trim().split("\n")[0]!.trim();
}

/** Presses Tab until `target` has focus, at most `limit` times; each stop's name, the target's last. */
export async function tabUntil(page: Page, target: Locator, limit = 60): Promise<string[]> {
  const stops: string[] = [];
  for (let count = 0; count < limit; count += 1) {
    await page.keyboard.press("Tab");
    stops.push(await page.evaluate(focusedName));
    if (await target.evaluate((element) => element === document.activeElement)) return stops;
  }
  throw new Error(`Not reached in ${limit} tab stops: ${stops.join(" | ")}`);
}
