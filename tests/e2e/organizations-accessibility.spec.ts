import { expect, test, type Page } from "@playwright/test";
import { invitationMessages } from "../../src/shared/organizations";
import { E2E_PASSWORD, signUpThroughApi, uniqueEmail } from "./support/accounts";
import { expectNoAccessibilityViolations } from "./support/axe";
import { inviteThroughDialog, latestInvitationFor } from "./support/organizations";

const themes = ["light", "dark"] as const;

async function useTheme(page: Page, theme: (typeof themes)[number]) {
  await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
}

/** Readable at a phone's width: nothing makes the page itself scroll sideways (tables scroll in their own region). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** Checks the screen as it is now: no axe violations, and at a phone's width no sideways scrolling. */
async function checkScreen(page: Page) {
  await expectNoAccessibilityViolations(page);
  if ((page.viewportSize()?.width ?? 1280) < 500) await expectNoSidewaysScroll(page);
}

// Each theme once and each width once: colours depend on the theme and layout on the width, so
// the light desktop and the dark phone between them meet every combination that can break alone.
const layouts = [
  { theme: themes[0], viewport: { width: 1280, height: 900 } },
  { theme: themes[1], viewport: { width: 390, height: 844 } },
];

for (const { theme, viewport } of layouts) {
  test.describe(`${theme}, ${viewport.width} px`, () => {
    // Toasts fade in: without motion, axe reads their colours as they are meant to be.
    test.use({ viewport, reducedMotion: "reduce" });

    test("Organization Management, its tabs and dialogs, and the invitation page have no detectable accessibility violations", async ({
      page,
      browser,
    }, testInfo) => {
      test.setTimeout(120_000);
      const inviteeEmail = uniqueEmail(`invitee ${testInfo.title}`);
      await useTheme(page, theme);
      await signUpThroughApi(page, uniqueEmail(`admin ${testInfo.title}`), E2E_PASSWORD, { plan: null });

      await page.goto("/app/admin/org");
      await expect(page.locator("html")).toHaveClass(theme);
      await inviteThroughDialog(page, inviteeEmail);
      // A phone shows each list as cards (ADR 030), a wider window as a table.
      const listRole = viewport.width < 768 ? "list" : "table";
      await expect(page.getByRole(listRole, { name: "Team Members" })).toBeVisible();
      await expect(page.getByRole(listRole, { name: "Pending Invitations" })).toBeVisible();
      await checkScreen(page);

      await page.getByRole("button", { name: "Invite User" }).click();
      await expect(page.getByRole("dialog", { name: "Invite User" })).toBeVisible();
      await checkScreen(page);
      await page.keyboard.press("Escape");

      // The admin's own row has the row actions: Edit User and Remove User, each closed without a change.
      await page.getByRole("button", { name: /^Edit role of / }).click();
      await expect(page.getByRole("dialog", { name: "Edit User" })).toBeVisible();
      await checkScreen(page);
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: /^Remove / }).click();
      await expect(page.getByRole("alertdialog", { name: "Remove User" })).toBeVisible();
      await checkScreen(page);
      await page.getByRole("button", { name: "Cancel" }).click();

      await page.getByRole("tab", { name: "Settings" }).click();
      await expect(page.getByRole("heading", { name: "Authentication Methods" })).toBeVisible();
      await checkScreen(page);
      await page.getByRole("tab", { name: "Billing" }).click();
      await expect(page.getByRole("link", { name: "Contact Sales" })).toBeVisible();
      await checkScreen(page);

      const invitee = await (await browser.newContext({ viewport })).newPage();
      await useTheme(invitee, theme);
      await invitee.goto((await latestInvitationFor(page.request, inviteeEmail)).link);
      await expect(invitee.getByRole("heading", { level: 1, name: "Complete Your Invitation" })).toBeVisible();
      // Method selection (the e2e server offers Microsoft), then password setup.
      await expect(invitee.getByRole("button", { name: "Continue with Microsoft" })).toBeVisible();
      await expect(invitee.locator("html")).toHaveClass(theme);
      await checkScreen(invitee);
      await invitee.getByRole("button", { name: "Set up a password" }).click();
      await expect(invitee.getByLabel("Confirm password")).toBeVisible();
      await checkScreen(invitee);
    });

    test("the invitation page's messages, the invitation code page and the enterprise upgrade page have no detectable accessibility violations", async ({
      page,
    }, testInfo) => {
      await useTheme(page, theme);
      await page.goto("/complete-invite");
      await expect(page).toHaveURL("/auth/complete-invite");
      await expect(page.getByRole("alert")).toContainText(invitationMessages.noInvitation);
      await expect(page.locator("html")).toHaveClass(theme);
      await checkScreen(page);

      await page.goto("/auth/complete-invite?error=server_error");
      await expect(page.getByRole("alert")).toContainText(invitationMessages.authenticationFailed);
      await checkScreen(page);

      await page.goto("/auth/code?type=invite");
      await expect(page.getByRole("heading", { level: 1, name: "Invitation Code Required" })).toBeVisible();
      await checkScreen(page);

      await signUpThroughApi(page, uniqueEmail(testInfo.title), E2E_PASSWORD, { plan: null });
      for (const path of ["/app/upgrade", "/app/contact-sales"]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: "Upgrade to Enterprise" })).toBeVisible();
        await checkScreen(page);
      }
      await page.getByRole("link", { name: "Email Sales Team" }).evaluate((link) => link.addEventListener("click", (event) => event.preventDefault()));
      await page.getByRole("link", { name: "Email Sales Team" }).click();
      await expect(page.getByRole("heading", { name: "Request Sent!" })).toBeFocused();
      await checkScreen(page);
    });
  });
}
