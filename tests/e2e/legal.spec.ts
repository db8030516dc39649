import { expect, test, type Page } from "@playwright/test";

async function sectionIds(page: Page): Promise<string[]> {
  return page.locator("article > section").evaluateAll((sections) => sections.map((section) => section.id));
}

for (const { path, title } of [
  { path: "/termsofservice", title: "Terms of Service" },
  { path: "/privacypolicy", title: "Privacy Policy" },
]) {
  test(`${title}: every table-of-contents entry jumps to its section, and back to top returns`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(title));
    const ids = await sectionIds(page);
    expect(ids.length).toBeGreaterThan(10);
    const toc = page.getByRole("navigation", { name: "Contents" });
    for (const id of ids) {
      await toc.locator(`a[href="#${id}"]`).click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(`section#${id} > h2`)).toBeInViewport();
    }
    await page.getByRole("link", { name: "Back to top" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeInViewport();
  });
}

test("opening the privacy policy at an anchor lands on that section", async ({ page }) => {
  await page.goto("/privacypolicy#retention-deletion");
  await expect(page.locator("section#retention-deletion > h2")).toBeInViewport();
});

test("the privacy policy shows the configured contact address", async ({ page }) => {
  await page.goto("/privacypolicy#contact");
  await expect(page.locator('section#contact a[href="mailto:privacy@clausewise.example"]').first()).toBeVisible();
});

test("following a link from a scrolled page starts the next page at the top", async ({ page }) => {
  await page.goto("/privacypolicy#appendix");
  await expect(page.locator("section#appendix > h2")).toBeInViewport();
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
  await expect(page).toHaveURL("/termsofservice");
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
