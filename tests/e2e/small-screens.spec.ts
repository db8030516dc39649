import { expect, test, type Locator, type Page } from "@playwright/test";
import { contractPdf } from "../support/documents/contract-pdf";
import { parseEvents } from "../support/chat";
import type { ChatStreamEvent } from "../../src/shared/contracts/chat";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import { E2E_PASSWORD, SMALL_SCREENS_OWNER_EMAIL, signUpThroughApi, uniqueEmail } from "./support/accounts";
import { E2E_BASE_URL } from "./support/e2e-config";
import { expectNoAccessibilityViolationsInBothThemes } from "./support/axe";
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
});
