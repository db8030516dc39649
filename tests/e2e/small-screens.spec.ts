import { readFile } from "node:fs/promises";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { evergreenAgreement } from "../../src/core/fact-sheet/synthetic-contracts.fixture";
import { contractPdf } from "../support/documents/contract-pdf";
import { contractPdfOf } from "../support/documents/fact-sheet-contracts";
import { parseEvents } from "../support/chat";
import { totpCode } from "../support/totp";
import type { ChatStreamEvent } from "../../src/shared/contracts/chat";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import { E2E_PASSWORD, SMALL_SCREENS_OWNER_EMAIL, buyCreditThroughApi, signUpThroughApi, uniqueEmail } from "./support/accounts";
import { E2E_BASE_URL } from "./support/e2e-config";
import { expectNoAccessibilityViolations, expectNoAccessibilityViolationsInBothThemes } from "./support/axe";
import { uploadProcessedDocument } from "./support/documents";
import { expectFitsScreen, expectInViewWithoutScrollingSideways, expectOnScreen, openSidebar } from "./support/small-screens";

const themes = ["light", "dark"] as const;
const narrowestWidth = 360;
const longName = "Blue Cross Blue Shield of Massachusetts Provider Network Agreement 2026-2027 Amendment No 4 FINAL executed copy.pdf";

/** What a page shows once it has loaded what it needs. */
type PageCheck = { path: string; isReady: (page: Page) => Locator };

const publicPages: PageCheck[] = [
  { path: "/", isReady: (page) => page.getByRole("heading", { level: 1 }) },
  { path: "/login", isReady: (page) => page.getByRole("heading", { level: 1, name: "Sign in" }) },
  { path: "/termsofservice", isReady: (page) => page.getByRole("heading", { level: 1, name: "Terms of Service" }) },
  { path: "/privacypolicy", isReady: (page) => page.getByRole("heading", { level: 1, name: "Privacy Policy" }) },
  { path: "/no-such-page", isReady: (page) => page.getByRole("link", { name: "Return to Home" }) },
];

async function useTheme(page: Page, theme: (typeof themes)[number]) {
  await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
}

/** Visits each page in each theme and holds it to the window's width and 40 px tap targets. */
async function expectEachFits(page: Page, pages: PageCheck[]) {
  for (const theme of themes) {
    await useTheme(page, theme);
    for (const { path, isReady } of pages) {
      await page.goto(path);
      await expect(isReady(page).first()).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0);
      await expect(page.locator("html")).toHaveClass(theme);
      await expectFitsScreen(page, `${path} in ${theme} mode`);
    }
  }
}

/**
 * A practice's library as a phone shows it: a Ready contract with a long name and a conversation
 * about it, and a second contract waiting for a credit (the Basic plan's one credit is spent).
 */
async function signedInLibrary(page: Page, label: string) {
  await signUpThroughApi(page, uniqueEmail(label), E2E_PASSWORD, { plan: "basic" });
  const ready = await uploadProcessedDocument(page, longName, contractPdf(`${label} ready ${Date.now()}`));
  const upload = await page.request.post("/api/documents", {
    multipart: { file: { name: "Cigna Network Agreement.pdf", mimeType: "application/pdf", buffer: contractPdf(`${label} waiting ${Date.now()}`) } },
  });
  const { document: waiting } = (await upload.json()) as { document: DocumentSummary };
  expect((await (await page.request.post(`/api/documents/${waiting.id}/process`, { data: { trigger: "start" } })).json()).document.status).toBe(
    "awaiting_credit",
  );
  const answer = await page.request.post("/api/chat/messages", { data: { documentId: ready.id, question: "What are the termination clauses?" } });
  const started = parseEvents(await answer.text()).find((event): event is Extract<ChatStreamEvent, { type: "session" }> => event.type === "session");
  return { ready, waiting, sessionId: started!.session.id };
}

// The public pages at the narrowest phone we support. No style changes between it and the 640 px
// breakpoint, so what fits here fits the phone project's 390 px, where every other phone test runs.
test.describe(`at ${narrowestWidth} px wide`, { tag: "@small-screen" }, () => {
  test.use({ viewport: { width: narrowestWidth, height: 844 } });

  test("the public pages fit the screen, light and dark, with 40 px tap targets", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expectEachFits(page, publicPages);
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expectFitsScreen(page, "the landing page's menu");
  });
});

// The signed-in pages at the narrowest phone we support: what fits here fits the phone project's
// 390 px, where every other journey in this project runs.
test.describe(`at ${narrowestWidth} px wide`, { tag: "@small-screen" }, () => {
  const width = narrowestWidth;
  test.use({ viewport: { width, height: 844 } });

  test("every signed-in page fits the screen, light and dark, with 40 px tap targets and menus on screen", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const { ready, waiting, sessionId } = await signedInLibrary(page, `${testInfo.title} ${width}`);
    // Signing up made this person their organization's admin; an invitation fills its second list.
    const { user } = (await (await page.request.get("/api/me")).json()) as { user: { organizationId: string; displayName: string } };
    const invitee = uniqueEmail(`invitee ${width}`);
    const invited = await page.request.post(`/api/organizations/${user.organizationId}/invitations`, {
      data: { email: invitee },
      headers: { Origin: E2E_BASE_URL },
    });
    expect(invited.status()).toBe(201);
    await expectEachFits(page, [
      { path: "/app/documents", isReady: (page) => page.getByRole("article", { name: longName }).getByText("Ready", { exact: true }) },
      { path: `/app/documents/${ready.id}`, isReady: (page) => page.getByText("Page 1 of 3") },
      { path: `/app/documents/${ready.id}/fact-sheet`, isReady: (page) => page.getByRole("region", { name: "Claims and appeals" }) },
      { path: `/app/documents/${waiting.id}`, isReady: (page) => page.getByText("Awaiting Credit", { exact: true }) },
      { path: "/app/portfolio", isReady: (page) => page.getByRole("region", { name: "Next 12 months" }).getByRole("heading") },
      { path: "/app/chat", isReady: (page) => page.getByRole("heading", { name: "Select a Document" }) },
      { path: `/app/chat?session=${sessionId}`, isReady: (page) => page.getByRole("listitem", { name: "Answer" }).getByText("Citations") },
      { path: "/app/account", isReady: (page) => page.getByRole("heading") },
      { path: "/app/contact-sales", isReady: (page) => page.getByRole("heading", { level: 1, name: "Upgrade to Enterprise" }) },
      { path: "/app/admin/org", isReady: (page) => page.getByRole("list", { name: "Pending Invitations" }) },
      { path: "/app/admin/org?tab=audit", isReady: (page) => page.getByRole("list", { name: "Organization audit log" }) },
    ]);

    // Organization Management: each member and invitation a card, its actions on screen without scrolling sideways.
    await page.goto("/app/admin/org");
    const ownCard = page.getByRole("list", { name: "Team Members" }).getByRole("listitem").filter({ hasText: user.displayName });
    for (const action of [/^Edit role of /, /^Remove /]) await expectInViewWithoutScrollingSideways(ownCard.getByRole("button", { name: action }));
    const invitation = page.getByRole("list", { name: "Pending Invitations" }).getByRole("listitem").filter({ hasText: invitee });
    for (const action of [`Resend the invitation to ${invitee}`, `Cancel the invitation to ${invitee}`]) {
      await expectInViewWithoutScrollingSideways(invitation.getByRole("button", { name: action }));
    }
    await ownCard.getByRole("button", { name: /^Remove / }).click();
    await expect(page.getByRole("alertdialog", { name: "Remove User" })).toBeVisible();
    await expectFitsScreen(page, "the Remove User dialog");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog", { name: "Remove User" })).toBeHidden();
    for (const tab of await page.getByRole("tab").all()) await expectInViewWithoutScrollingSideways(tab);

    // The library: a card at full width with its whole name in its title, its menu and the top bar's menus on screen.
    await page.goto("/app/documents");
    const card = page.getByRole("article", { name: longName });
    await expect(card.getByRole("heading", { name: longName })).toHaveAttribute("title", longName);
    expect((await card.boundingBox())!.width).toBeLessThanOrEqual(width);
    await expect(page.getByRole("article", { name: "Cigna Network Agreement.pdf" }).getByRole("button", { name: "Buy a document credit" })).toBeVisible();
    await card.getByRole("button", { name: `Actions for ${longName}` }).click();
    await expectOnScreen(page, page.getByRole("menu"));
    await expectFitsScreen(page, "a card's menu");
    await page.keyboard.press("Escape");
    for (const menuButton of [page.getByRole("button", { name: /^Account menu for/ }), page.getByRole("button", { name: "Theme" })]) {
      await menuButton.click();
      await expectOnScreen(page, page.getByRole("menu"));
      await expectFitsScreen(page, "a top bar menu");
      await page.keyboard.press("Escape");
    }

    // The document: its name whole in the heading, across the screen rather than squeezed beside its buttons.
    await page.goto(`/app/documents/${ready.id}`);
    const heading = page.getByRole("heading", { level: 1, name: longName });
    await expect(heading).toBeVisible();
    expect((await heading.boundingBox())!.width).toBeGreaterThan(width * 0.75);
    await page.getByRole("button", { name: "Outline and search" }).click();
    await expect(page.getByRole("navigation", { name: "Clause outline" })).toBeVisible();
    await expectFitsScreen(page, "the document with its outline");

    // The drawer, and a chat deleted in it that is brought back without closing it.
    const sidebar = await openSidebar(page);
    await expectFitsScreen(page, "the navigation drawer");
    await sidebar.getByRole("button", { name: "Actions for What are the termination clauses" }).click();
    await expectOnScreen(page, page.getByRole("menu", { name: "Actions for What are the termination clauses" }));
    await expectFitsScreen(page, "a recent chat's actions");
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await expect(sidebar.getByRole("link", { name: /What are the termination clauses/ })).toHaveCount(0);
    await expectFitsScreen(page, "the drawer with the Undo toast");
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(sidebar.getByRole("link", { name: /What are the termination clauses/ })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Navigation" })).toBeVisible();
  });
});

test(
  "the platform console fits 360 px: every tab, its seven triggers on screen without scrolling, its lists as cards",
  { tag: "@small-screen" },
  async ({ page }) => {
    test.setTimeout(180_000);
    // The console's owner signs up once on this server, so this is the only test that can be it.
    await signUpThroughApi(page, SMALL_SCREENS_OWNER_EMAIL, E2E_PASSWORD, { plan: null });
    const consoleTab = (tab: string) => ({ path: `/app/admin/platform${tab}`, isReady: (page: Page) => page.getByRole("tabpanel") });
    const width = narrowestWidth;
    await page.setViewportSize({ width, height: 844 });
    await expectEachFits(
      page,
      ["", "?tab=organizations", "?tab=users", "?tab=documents", "?tab=chats", "?tab=audit", "?tab=system", "?tab=settings"].map(consoleTab),
    );
    await page.goto("/app/admin/platform");
    const tabs = page.getByRole("tablist", { name: "Platform administration" }).getByRole("tab");
    await expect(tabs).toHaveCount(7);
    for (const tab of await tabs.all()) await expectInViewWithoutScrollingSideways(tab);
    await tabs.last().click();
    await expect(page).toHaveURL("/app/admin/platform?tab=system");
    await expect(tabs.last()).toHaveAttribute("aria-selected", "true");

    // Every list in the console is cards here, not a table scrolled sideways; an organization's Open is on screen.
    for (const tab of ["organizations", "users", "documents", "chats", "audit", "system"]) {
      await page.goto(`/app/admin/platform?tab=${tab}`);
      await expect(page.getByRole("tabpanel")).toBeVisible();
      await expect(page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0);
      await expect(page.getByRole("tabpanel").getByRole("table"), `the ${tab} tab at ${width} px`).toHaveCount(0);
    }
    await page.goto("/app/admin/platform?tab=organizations");
    await expectInViewWithoutScrollingSideways(
      page
        .getByRole("list", { name: "Organizations" })
        .getByRole("button", { name: /^Open / })
        .first(),
    );
  },
);

test.describe("on a phone", { tag: "@small-screen" }, () => {
  // Each screen is checked in both themes in one visit (the theme follows the system's, switched
  // between the two checks): one library set up instead of one per theme.
  test("the navigation drawer, the account pages and a card awaiting a credit have no detectable accessibility violations, light and dark", async ({
    page,
  }, testInfo) => {
    // Ten axe runs: twice what each theme's test had, and twice its limit.
    test.setTimeout(240_000);
    const { waiting } = await signedInLibrary(page, `${testInfo.title}`);
    await page.goto("/app/documents");
    await expect(page.getByRole("article", { name: "Cigna Network Agreement.pdf" }).getByRole("button", { name: "Buy a document credit" })).toBeVisible();
    await expectNoAccessibilityViolationsInBothThemes(page);
    await openSidebar(page);
    await expectNoAccessibilityViolationsInBothThemes(page);
    await page.goto(`/app/documents/${waiting.id}`);
    await expect(page.getByText("Awaiting Credit", { exact: true }).first()).toBeVisible();
    await expectNoAccessibilityViolationsInBothThemes(page);
    for (const path of ["/app/account", "/app/contact-sales"]) {
      await page.goto(path);
      await expect(page.getByRole("heading").first()).toBeVisible();
      await expectNoAccessibilityViolationsInBothThemes(page);
    }
  });

  // fact-sheet.spec.ts and struck-clauses.spec.ts have no phone branch and run on the desktop only:
  // what their phone runs proved is here, on this library's Ready contract (ADR 048).
  test("the fact sheet's deadline, reminder, download menu and clause link, and the compare page, work by touch at 390 px", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    // Toasts fade in: without motion, axe reads their colours as they are meant to be.
    await page.emulateMedia({ reducedMotion: "reduce" });
    const { ready } = await signedInLibrary(page, testInfo.title);
    // A contract with other terms to compare it with. The first credit bought starts the library's waiting contract by itself.
    await buyCreditThroughApi(page);
    await buyCreditThroughApi(page);
    await uploadProcessedDocument(page, "Evergreen Provider Agreement.pdf", contractPdfOf([...evergreenAgreement, `Copy ${testInfo.title} ${Date.now()}`]));

    // A claim filing deadline and a reminder before it: every field and button on screen, the result and the list within its width.
    await page.goto(`/app/documents/${ready.id}/fact-sheet`);
    const deadlines = page.getByRole("region", { name: "Deadlines" });
    await deadlines.getByLabel("Deadline", { exact: true }).selectOption({ label: "Claim filing deadline: 90 days" });
    await deadlines.getByLabel("Date of service").fill("2099-01-15");
    const result = deadlines.getByRole("region", { name: "Result" });
    await expect(result).toContainText("April 15, 2099");
    await result.getByLabel("Email me, days before").fill("10");
    const remind = result.getByRole("button", { name: "Email me a reminder" });
    await expectInViewWithoutScrollingSideways(remind);
    await remind.tap();
    await expect(page.getByText("We'll email you on April 5, 2099.")).toBeVisible();
    await expect(deadlines.getByRole("region", { name: "Reminders" })).toContainText("Claim filing deadline: April 15, 2099");
    await expectFitsScreen(page, "the fact sheet with a deadline, its reminder and the toast");

    // The download menu opens on screen, and its choice downloads.
    await page.getByRole("button", { name: "Download fact sheet" }).tap();
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expectOnScreen(page, menu);
    await expectFitsScreen(page, "the fact sheet's download menu");
    const [csv] = await Promise.all([page.waitForEvent("download"), menu.getByRole("menuitem", { name: "CSV (spreadsheet)" }).tap()]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    expect(await readFile(await csv.path(), "utf8")).toContain("90 days");

    // A value's clause opens its page with the quote marked, in view at the screen's width.
    await page.getByRole("region", { name: "Claims and appeals" }).getByRole("link", { name: "1.1 Timely Filing, page 1" }).tap();
    await expect(page).toHaveURL(new RegExp(`/app/documents/${ready.id}\\?page=1&q=`));
    const quote = page.locator("mark.cw-quote").first();
    await expect(quote).toBeVisible({ timeout: 30_000 });
    await expectInViewWithoutScrollingSideways(quote);

    // The comparison: one column, each side named over its values, the differing term marked, nothing wider than the screen.
    await page.goBack();
    await page.getByRole("link", { name: "Compare", exact: true }).tap();
    await expect(page.getByRole("heading", { level: 1, name: "Compare fact sheets" })).toBeVisible();
    await page.getByLabel("Second contract").selectOption({ label: "Evergreen Provider Agreement.pdf" });
    const filing = page.getByRole("region", { name: "Timely filing" });
    await expect(filing.getByText("Differs")).toBeVisible({ timeout: 30_000 });
    await expect(filing.getByText(longName, { exact: true })).toBeVisible();
    await expect(filing.getByText("Evergreen Provider Agreement.pdf", { exact: true })).toBeVisible();
    await expect(filing.getByText("180 calendar days", { exact: true })).toBeVisible();
    await expectFitsScreen(page, "the comparison");
    await expectNoAccessibilityViolations(page);
  });

  // two-factor.spec.ts has no phone branch and runs on the desktop only: its set-up and code entry at 390 px are here (ADR 048).
  test("two-factor sign-in is set up in the Security tab and its code typed by touch at 390 px", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo.title);
    await signUpThroughApi(page, email);
    await page.goto("/app/account");
    const dialog = page.getByRole("dialog", { name: "User Profile" });
    await dialog.getByRole("tab", { name: "Security" }).tap();
    const twoFactor = dialog.getByRole("region", { name: "Two-factor sign-in" });
    await twoFactor.getByLabel("Current password").fill(E2E_PASSWORD);
    await twoFactor.getByRole("button", { name: "Set up two-factor sign-in" }).tap();
    await expect(twoFactor.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
    await expect(twoFactor.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    await expectFitsScreen(page, "the two-factor set-up");
    // The dialog scrolls up and down; one that scrolled sideways would pass the check above.
    expect(await dialog.evaluate((box) => box.scrollWidth - box.clientWidth), "how far the dialog scrolls sideways").toBe(0);
    const manualKey = (await twoFactor.getByTestId("two-factor-manual-key").textContent())!.trim();
    await twoFactor.getByLabel("Code from your app").fill(totpCode(manualKey));
    await twoFactor.getByRole("button", { name: "Turn on two-factor sign-in" }).tap();
    await expect(twoFactor.getByText("Signing in asks for a code from your authenticator app.")).toBeVisible();

    // Signed in again with the password, the code page takes the app's code by touch.
    const headers = { Origin: E2E_BASE_URL };
    expect((await page.request.post("/api/auth/sign-out", { data: {}, headers })).ok()).toBe(true);
    const signIn = await page.request.post("/api/auth/sign-in/email", { data: { email, password: E2E_PASSWORD }, headers });
    expect(await signIn.json()).toMatchObject({ twoFactorRedirect: true });
    await page.goto("/auth/two-factor");
    const code = page.getByLabel("Authentication code");
    await expect(code).toHaveAttribute("inputmode", "numeric");
    await expectFitsScreen(page, "the two-factor code page");
    await code.fill(totpCode(manualKey));
    const trust = page.getByLabel("Trust this device for 30 days");
    await trust.tap();
    await expect(trust).toBeChecked();
    await page.getByRole("button", { name: "Verify" }).tap();
    await expect(page).toHaveURL(/\/app\/documents$/);
  });
});
