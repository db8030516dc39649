import { expect, type Locator, type Page } from "@playwright/test";

/** Below Tailwind's md breakpoint (768 px) the sidebar is a drawer and a document's outline is shown on request. */
export function isSmallScreen(page: Page): boolean {
  return page.viewportSize()!.width < 768;
}

/** The sidebar, opened from the top bar first where it is a drawer. */
export async function openSidebar(page: Page): Promise<Locator> {
  if (isSmallScreen(page)) {
    await page.getByRole("button", { name: "Open navigation" }).click();
    await expect(page.getByRole("dialog", { name: "Navigation" })).toBeVisible();
  }
  return page.getByRole("complementary", { name: "Sidebar" });
}

/** Puts the drawer away again; the sidebar beside the page stays where it is. */
export async function closeSidebar(page: Page): Promise<void> {
  if (!isSmallScreen(page)) return;
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Navigation" })).toBeHidden();
}

/** A document's clause outline and search, shown first where they wait behind 'Outline and search'. */
export async function showOutline(page: Page): Promise<void> {
  if (isSmallScreen(page)) await page.getByRole("button", { name: "Outline and search" }).click();
  await expect(page.getByRole("searchbox", { name: "Search this document" })).toBeVisible();
}

/** What the page has that does not fit the window's width, and which controls are smaller than a fingertip. */
interface ScreenFit {
  width: number;
  /** Elements reaching past the window's edges, outside any box that scrolls them. */
  overflowing: string[];
  /** Controls under 40 × 40 px, as "label width×height". */
  smallTargets: string[];
}

const MIN_TAP_TARGET_PX = 40;

function measureScreenFit(minTarget: number): ScreenFit {
  // Not innerWidth: a phone's browser widens that to whatever the page needs.
  const width = document.documentElement.clientWidth;
  const describe = (element: Element) => {
    const rect = element.getBoundingClientRect();
    const label = (element.getAttribute("aria-label") || (element as HTMLElement).innerText || "").trim().replace(/\s+/g, " ").slice(0, 50);
    return `${element.tagName.toLowerCase()} "${label}" ${Math.round(rect.width)}×${Math.round(rect.height)} at x ${Math.round(rect.left)}`;
  };
  const isShown = (element: Element) => {
    const rect = element.getBoundingClientRect();
    // Visually hidden text (sr-only) is a 1 px box by design.
    return rect.width > 1 && rect.height > 1 && getComputedStyle(element).visibility !== "hidden";
  };
  const isContained = (element: Element) => {
    for (let box = element.parentElement; box; box = box.parentElement) {
      if (/(auto|scroll)/.test(getComputedStyle(box).overflowX)) {
        const edges = box.getBoundingClientRect();
        if (edges.left >= -1 && edges.right <= width + 1) return true;
      }
    }
    return false;
  };
  const overflowing = [...document.body.querySelectorAll("*")]
    .filter((element) => isShown(element))
    .filter((element) => {
      const rect = element.getBoundingClientRect();
      return (rect.right > width + 1 || rect.left < -1) && !isContained(element);
    })
    .map(describe)
    .slice(0, 20);
  if (document.documentElement.scrollWidth > width) overflowing.unshift(`the page scrolls sideways: ${document.documentElement.scrollWidth} px wide`);

  const controls =
    "a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=menuitem], [role=menuitemradio], [role=tab], [role=option]";
  // A link inside a sentence is sized by its text (WCAG 2.5.8's inline exception).
  const isInlineInText = (element: Element) =>
    element.tagName === "A" &&
    getComputedStyle(element).display === "inline" &&
    (element.parentElement?.textContent ?? "").trim() !== (element.textContent ?? "").trim();
  const smallTargets = [...document.querySelectorAll(controls)]
    .filter((element) => isShown(element) && !isInlineInText(element))
    .filter((element) => {
      const rect = element.getBoundingClientRect();
      return rect.width < minTarget || rect.height < minTarget;
    })
    .map(describe);
  return { width, overflowing, smallTargets };
}

/** Nothing wider than the window, and every control (but links within sentences) at least 40 × 40 px. */
export async function expectFitsScreen(page: Page, where: string): Promise<void> {
  const fit = await page.evaluate(measureScreenFit, MIN_TAP_TARGET_PX);
  expect({ where, overflowing: fit.overflowing, smallTargets: fit.smallTargets }).toEqual({ where, overflowing: [], smallTargets: [] });
}

/** The element lies wholly inside the window (a menu that opened at the edge of a small screen). */
export async function expectOnScreen(page: Page, element: Locator): Promise<void> {
  const box = (await element.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
}

/**
 * The element is on screen as the page first shows it, scrolled only up or down: within the
 * window's width and not clipped by a box that scrolls sideways (a row action at the far end of a
 * table too wide for a phone fails this). Retried for a few seconds: a closing dialog's overlay
 * fades out over it.
 */
export async function expectInViewWithoutScrollingSideways(element: Locator): Promise<void> {
  await expect(async () => {
    const seen = await element.evaluate((target) => {
      window.scrollBy(0, target.getBoundingClientRect().top - window.innerHeight / 2);
      const rect = target.getBoundingClientRect();
      const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      const covering = hit && !target.contains(hit) ? `${hit.tagName.toLowerCase()} "${(hit.textContent ?? "").trim().slice(0, 40)}"` : null;
      return { left: rect.left, right: rect.right, width: document.documentElement.clientWidth, covering };
    });
    expect(seen.left).toBeGreaterThanOrEqual(0);
    expect(seen.right).toBeLessThanOrEqual(seen.width);
    expect(seen.covering, "what is drawn over it").toBeNull();
  }).toPass({ timeout: 5_000 });
}
