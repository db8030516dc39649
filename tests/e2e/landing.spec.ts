import { expect, test, type Locator, type Page } from "@playwright/test";

const sectionOrder = ["hero", "how-it-works", "before-after", "features", "security", "pricing", "cta-emotional", "testimonials", "faq", "cta-final"];

/** How far the top of an element is from the top of the viewport, in CSS pixels. */
function topOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => element.getBoundingClientRect().top);
}

/** The section sits at the top of the viewport, just below the sticky header. */
async function expectScrolledTo(page: Page, id: string): Promise<void> {
  const section = page.locator(`section#${id}`);
  await expect.poll(() => topOf(section), { message: `#${id} scrolled to the top` }).toBeGreaterThanOrEqual(-2);
  await expect.poll(() => topOf(section), { message: `#${id} scrolled to the top` }).toBeLessThan(120);
  await expect(section.getByRole("heading", { level: 2 })).toBeInViewport();
}

function nextFrames(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

function parallaxTransform(page: Page): Promise<string> {
  return page.getByTestId("hero-parallax").evaluate((element) => getComputedStyle(element).transform);
}

function animationNames(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="hero-animation"], [data-testid="hero-animation"] *')
    .evaluateAll((elements) => elements.map((element) => getComputedStyle(element).animationName));
}

test.describe("landing page structure", () => {
  test("every section is present, labelled by its own heading, in the spec's order, with the spec's named content, title and description", async ({ page }) => {
    await page.goto("/");
    const main = page.locator("main#main");
    await expect(main.locator(":scope > section")).toHaveCount(sectionOrder.length);
    const ids = await main.locator(":scope > section").evaluateAll((sections) => sections.map((s) => s.id));
    expect(ids).toEqual(sectionOrder);

    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    for (const id of sectionOrder) {
      const section = page.locator(`section#${id}`);
      const labelledBy = await section.getAttribute("aria-labelledby");
      expect(labelledBy, `#${id} has aria-labelledby`).toBeTruthy();
      const label = page.locator(`[id="${labelledBy}"]`);
      await expect(label).toHaveText(/\S/);
      expect(await label.evaluate((heading) => heading.tagName)).toBe(id === "hero" ? "H1" : "H2");
      await expect(page.getByRole("region", { name: (await label.textContent()) ?? "" })).toHaveAttribute("id", id);
    }

    // The spec's named content, on the same page load.
    const steps = page.locator("#how-it-works").getByRole("heading", { level: 3 });
    await expect(steps).toHaveText(["Upload", "We structure it for you", "Ask anything"]);
    await expect(page.locator("#before-after").getByRole("heading", { level: 2 })).toContainText("Before and After");
    const features = page.locator("#features").getByRole("heading", { level: 3 });
    await expect(features).toHaveText(["Minutes to clarity", "Proof you can act on", "No legal training required"]);
    const security = page.locator("#security");
    await expect(security).toContainText("Encrypted in transit and at rest");
    await expect(security).toContainText("not currently available");
    await expect(security).toContainText(/no phi/i);
    await expect(page.locator("main")).toContainText("80% less");

    const testimonials = page.locator("#testimonials figure");
    await expect(testimonials).toHaveCount(2);
    for (const figure of await testimonials.all()) {
      await expect(figure.locator("blockquote")).toHaveText(/\w{3,}/);
      await expect(figure.locator("figcaption")).toHaveText(/\w+ \w+, /);
    }

    await expect(page).toHaveTitle("Clausewise — payer contracts, answered with citations");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /clause and page/);
  });
});

test.describe("header and navigation", () => {
  test("header anchors scroll to their sections and put the hash in the URL", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
    for (const [label, id] of [
      ["Features", "features"],
      ["Security", "security"],
      ["FAQ", "faq"],
      ["Product", "how-it-works"],
    ] as const) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/#${id}$`));
      await expectScrolledTo(page, id);
    }
  });

  test("a header anchor clicked on another page goes to the landing section", async ({ page }) => {
    await page.goto("/privacypolicy");
    await page.getByRole("banner").getByRole("link", { name: "Security", exact: true }).click();
    await expect(page).toHaveURL(/\/#security$/);
    await expectScrolledTo(page, "security");
  });

  test("loading /#pricing scrolls straight to the pricing section", async ({ page }) => {
    await page.goto("/#pricing");
    await expectScrolledTo(page, "pricing");
  });

  test("the hero's How it works button scrolls down and Start here goes to sign-in", async ({ page }) => {
    await page.goto("/");
    const hero = page.locator("#hero");
    await expect(hero.getByRole("link", { name: "Start here" })).toHaveAttribute("href", "/login");
    await hero.getByRole("link", { name: "How it works" }).click();
    await expect(page).toHaveURL(/\/#how-it-works$/);
    await expectScrolledTo(page, "how-it-works");
  });

  test("logo, Sign in and Start free link where the spec says", async ({ page }) => {
    await page.goto("/#faq");
    await expectScrolledTo(page, "faq");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    await expect(header.getByRole("link", { name: "Start free" })).toHaveAttribute("href", "/login");
    await header.getByRole("link", { name: "Clausewise" }).click();
    await expect(page).toHaveURL("/");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the mobile menu opens with the links and closes on Escape", async ({ page }) => {
      await page.goto("/");
      const header = page.getByRole("banner");
      await expect(header.getByRole("navigation", { name: "Main" })).toBeHidden();
      await header.getByRole("button", { name: "Open menu" }).click();
      const menu = page.getByRole("dialog", { name: "Menu" });
      await expect(menu).toBeVisible();
      for (const label of ["Product", "Features", "Security", "FAQ", "Sign in", "Start free"]) {
        await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
      }
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(header.getByRole("button", { name: "Open menu" })).toBeFocused();
    });

    test("a link in the mobile menu closes it and scrolls to the section", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "FAQ" }).click();
      await expect(page.getByRole("dialog")).toBeHidden();
      await expect(page).toHaveURL(/\/#faq$/);
      await expectScrolledTo(page, "faq");
    });

    test("nothing is wider than the phone screen", async ({ page }) => {
      await page.goto("/");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});

test.describe("theme", () => {
  test("choosing Dark applies the dark class, is stored, and survives a reload", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    await page.getByRole("button", { name: "Theme" }).click();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.getByRole("button", { name: "Theme" }).click();
    await expect(page.getByRole("menuitemradio", { name: "Dark" })).toHaveAttribute("aria-checked", "true");
  });

  test("System follows the device colour scheme live", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await page.getByRole("button", { name: "Theme" }).click();
    await page.getByRole("menuitemradio", { name: "Dark" }).click();
    await page.getByRole("button", { name: "Theme" }).click();
    await page.getByRole("menuitemradio", { name: "System" }).click();
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("system");
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
  });
});

test.describe("hero motion", () => {
  test("the demo has a text alternative", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("img", { name: /§ 7\.2, p\. 14/ })).toHaveAttribute("data-testid", "hero-animation");
  });

  test("without a reduced-motion preference the demo animates and the backdrop moves on scroll", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/");
    const names = await animationNames(page);
    expect(names.filter((name) => name !== "none").length).toBeGreaterThan(3);

    await nextFrames(page);
    const before = await parallaxTransform(page);
    await page.evaluate(() => window.scrollTo({ top: 400, behavior: "instant" }));
    await expect.poll(() => parallaxTransform(page)).not.toBe(before);
    expect(await parallaxTransform(page)).not.toBe("none");
  });

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("nothing in the demo animates and the backdrop stays put", async ({ page }) => {
      await page.goto("/");
      const names = await animationNames(page);
      expect(names.length).toBeGreaterThan(10);
      expect(names.filter((name) => name !== "none")).toEqual([]);
      // The still frame is the finished one: the cited answer is readable.
      await expect(page.getByTestId("hero-animation")).toContainText("(§ 7.2, p. 14)");

      await page.evaluate(() => window.scrollTo({ top: 400, behavior: "instant" }));
      await nextFrames(page);
      await nextFrames(page);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      expect(await parallaxTransform(page)).toBe("none");
    });

    test("switching the preference off at runtime starts the parallax, switching it on stops it", async ({ page }) => {
      await page.goto("/");
      await page.evaluate(() => window.scrollTo({ top: 300, behavior: "instant" }));
      await nextFrames(page);
      expect(await parallaxTransform(page)).toBe("none");

      await page.emulateMedia({ reducedMotion: "no-preference" });
      await page.evaluate(() => window.scrollTo({ top: 500, behavior: "instant" }));
      await expect.poll(() => parallaxTransform(page)).not.toBe("none");

      await page.emulateMedia({ reducedMotion: "reduce" });
      await expect.poll(() => parallaxTransform(page)).toBe("none");
      await page.evaluate(() => window.scrollTo({ top: 200, behavior: "instant" }));
      await nextFrames(page);
      expect(await parallaxTransform(page)).toBe("none");
    });
  });
});

test.describe("pricing, FAQ and footer", () => {
  test("the three offers show their prices and link to sign-in with the right parameters", async ({ page }) => {
    await page.goto("/");
    const pricing = page.locator("#pricing");
    const offers = pricing.getByRole("article");
    await expect(offers).toHaveCount(3);
    await expect(offers.nth(0)).toContainText("Basic");
    await expect(offers.nth(0)).toContainText("$40/month");
    await expect(offers.nth(1)).toContainText("Pro");
    await expect(offers.nth(1)).toContainText("$60/month");
    await expect(offers.nth(1)).toContainText("Most popular");
    await expect(offers.nth(2)).toContainText("$12");
    await expect(pricing.getByText("Most popular")).toHaveCount(1);

    const hrefs = await pricing.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(["/login?plan=basic", "/login?plan=pro", "/login?purchase=credit"]);
    await offers.nth(1).getByRole("link").click();
    await expect(page).toHaveURL("/login?plan=pro");
  });

  test("the FAQ has four questions; opening one shows its answer and closes the others", async ({ page }) => {
    await page.goto("/#faq");
    const items = page.locator("#faq details");
    await expect(items).toHaveCount(4);
    const first = items.nth(0);
    const second = items.nth(1);
    await expect(first.locator("p")).toBeHidden();

    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open", "");
    await expect(first.locator("p")).toBeVisible();
    await expect(first.locator("p")).toContainText("PDF");

    await second.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(second.locator("p")).toBeVisible();
    await expect(second.locator("p")).toContainText("protected health information");
    await expect(first.locator("p")).toBeHidden();
  });

  test("the footer links to the legal pages and support, with the AI and PHI notice", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/termsofservice");
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacypolicy");
    await expect(footer.getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "mailto:support@clausewise.example");
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Clausewise, Inc.`);
    await expect(footer).toContainText("AI can make mistakes");
    await expect(footer).toContainText("protected health information");

    await footer.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL("/privacypolicy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  });
});
