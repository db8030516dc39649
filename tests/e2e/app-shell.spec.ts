import { expect, test } from "@playwright/test";
import type { ChatSessionSummary } from "../../src/shared/contracts/chat";
import { contractPdf } from "../support/documents/contract-pdf";
import { joinAsMemberThroughApi, platformOwnerEmail, signUpThroughApi, uniqueEmail } from "./support/accounts";
import { E2E_BASE_URL } from "./support/e2e-config";
import { expectNoAccessibilityViolations } from "./support/axe";
import { uploadProcessedDocument } from "./support/documents";
import { skipToContent, tabUntil } from "./support/keyboard";
import { isSmallScreen, openSidebar } from "./support/small-screens";

test("/app opens the document library inside the shell, with the user's menu and the PHI warning", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo.title);
  await signUpThroughApi(page, email);
  await page.goto("/app");
  await expect(page).toHaveURL("/app/documents");
  await expect(page.getByRole("heading", { level: 1, name: "Document Library" })).toBeVisible();
  await expect(page.getByText(/protected health information \(PHI\)/)).toBeVisible();
  await page.getByRole("button", { name: /Account menu/ }).click();
  await expect(page.getByRole("menu")).toContainText(email);
  await page.getByRole("menuitem", { name: "Log out", exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  expect((await page.request.get("/api/me")).status()).toBe(401);
});

test("the sidebar collapses to narrow and stays that way after a reload", { tag: "@large-screen" }, async ({ page }, testInfo) => {
  await signUpThroughApi(page, uniqueEmail(testInfo.title));
  await page.goto("/app/documents");
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  await expect(sidebar.getByText("New Chat")).toBeVisible();
  await page.getByRole("button", { name: "Collapse sidebar" }).click();
  await expect(sidebar.getByRole("link", { name: "New Chat" })).toBeVisible();
  await expect(sidebar.getByText("New Chat")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("button", { name: "Expand sidebar" })).toBeVisible();
});

test("a member without an admin role is sent from the admin pages to /app", async ({ page, request }, testInfo) => {
  await joinAsMemberThroughApi(page, request, uniqueEmail(testInfo.title));
  for (const path of ["/app/admin/platform", "/app/admin/org"]) {
    await page.goto(path);
    await expect(page).toHaveURL("/app/documents");
  }
  const sidebar = await openSidebar(page);
  await expect(sidebar.getByRole("navigation", { name: "Workspace" })).toContainText("Documents");
  await expect(sidebar.getByRole("navigation", { name: "Workspace" })).not.toContainText("Administration");
});

test("the platform owner sees Administration and reaches Platform Administration", async ({ page }, testInfo) => {
  await signUpThroughApi(page, platformOwnerEmail(testInfo.project.name));
  await page.goto("/app/documents");
  const sidebar = await openSidebar(page);
  await sidebar.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Platform" }).click();
  await expect(page).toHaveURL("/app/admin/platform");
  await expect(page.getByRole("heading", { level: 1, name: "Platform Administration" })).toBeVisible();
  await expect(page).toHaveTitle(/Platform Admin/);
});

test(
  "on a small screen the sidebar is a drawer from the top bar: labelled, focus kept inside, closed by Escape and by navigating",
  { tag: "@small-screen" },
  async ({ page }, testInfo) => {
    await signUpThroughApi(page, uniqueEmail(testInfo.title));
    await page.goto("/app/documents");
    await expect(page.getByRole("heading", { level: 1, name: "Document Library" })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Sidebar" })).toHaveCount(0);
    const opener = page.getByRole("button", { name: "Open navigation" });
    await opener.click();
    const drawer = page.getByRole("dialog", { name: "Navigation" });
    await expect(drawer).toBeVisible();
    await expect(drawer).toBeFocused();
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press("Tab");
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await drawer.getByRole("link", { name: "Chat", exact: true }).click();
    await expect(page).toHaveURL("/app/chat");
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Contract Chat" })).toBeVisible();
  },
);

test("keyboard users can skip the sidebar and the top bar straight to the page", async ({ page }, testInfo) => {
  await signUpThroughApi(page, uniqueEmail(testInfo.title));
  await page.goto("/app/documents");
  await expect(page.getByRole("heading", { name: "No documents uploaded" })).toBeVisible();
  await skipToContent(page);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Refresh" })).toBeFocused();
});

test("the library's Upload is within 10 tab stops of the skip link; on the way each recent chat is one stop, its actions a Shift+F10 away", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page, uniqueEmail(testInfo.title));
  const contract = await uploadProcessedDocument(page, "Aetna Provider Agreement.pdf", contractPdf(`${testInfo.title} ${Date.now()}`));
  for (const question of [
    "What is the timely filing limit?",
    "Who can terminate?",
    "What are the rates?",
    "How do appeals work?",
    "Is there a penalty?",
    "What is the term?",
  ]) {
    const answer = await page.request.post("/api/chat/messages", { data: { documentId: contract.id, question } });
    expect(answer.ok()).toBe(true);
    await answer.text();
  }
  const { sessions } = (await (await page.request.get("/api/chat/sessions")).json()) as { sessions: ChatSessionSummary[] };
  const shown = sessions.slice(0, 5).map((session) => session.title);

  const upload = page.getByRole("button", { name: "Upload Document" });
  const libraryIsReady = async () => {
    await expect(page.getByRole("article", { name: "Aetna Provider Agreement.pdf" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Refresh" })).toBeEnabled();
    if (!isSmallScreen(page)) await expect(page.getByRole("region", { name: "Recent chats" }).getByRole("link")).toHaveCount(5);
  };
  await page.goto("/app/documents");
  await libraryIsReady();
  await skipToContent(page);
  const afterSkipLink = await tabUntil(page, upload);
  // The skip link is the first stop; Enter on it, then Refresh, then Upload Document.
  expect(1 + afterSkipLink.length, afterSkipLink.join(" | ")).toBeLessThanOrEqual(10);

  // Tabbing on past the skip link instead: a recent chat is one stop (its link), its "…" button none.
  // Loaded again without the #main the skip link left in the address: reloaded with it, a browser
  // may start tabbing from that target (Chromium's headless shell does), past the skip link.
  await page.goto("/app/documents");
  await libraryIsReady();
  const everyStop = await tabUntil(page, upload);
  expect(everyStop[0]).toBe("Skip to content");
  expect(everyStop.filter((stop) => stop.startsWith("Actions for"))).toEqual([]);
  if (!isSmallScreen(page)) {
    const firstChat = everyStop.indexOf(shown[0]!);
    expect(everyStop.slice(firstChat, firstChat + 6)).toEqual([...shown, "Show 1 More"]);

    // Shift+F10 on a chat opens its actions in the browser too (not the browser's own menu); Escape comes back.
    const recentChats = page.getByRole("region", { name: "Recent chats" });
    const chat = recentChats.getByRole("link", { name: new RegExp(shown[1]!) });
    await chat.focus();
    await page.keyboard.press("Shift+F10");
    const menu = page.getByRole("menu", { name: `Actions for ${shown[1]}` });
    await expect(menu.getByRole("menuitem", { name: "Rename" })).toBeFocused();
    await expectNoAccessibilityViolations(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(chat).toBeFocused();
  }
});

test("logging out of all devices ends the other browser's session too", async ({ browser }, testInfo) => {
  const email = uniqueEmail(testInfo.title);
  const laptop = await browser.newPage();
  await signUpThroughApi(laptop, email);
  const phone = await browser.newPage();
  const signIn = await phone.request.post("/api/auth/sign-in/email", {
    data: { email, password: "e2e-password-123" },
    headers: { Origin: E2E_BASE_URL },
  });
  expect(signIn.ok()).toBe(true);
  // The account page is now the profile dialog (Security signs out the others); the user menu logs out everywhere.
  await laptop.goto("/app/documents");
  await laptop.getByRole("button", { name: /^Account menu for / }).click();
  await laptop.getByRole("menuitem", { name: "Log out of all devices" }).click();
  await expect(laptop).toHaveURL(/\/login/);
  expect((await phone.request.get("/api/me")).status()).toBe(401);
});

test("a signed-out visitor is sent to /login from every protected page", async ({ page }) => {
  for (const path of ["/app", "/app/documents", "/app/chat", "/app/account", "/app/admin/platform"]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(path)}$`));
  }
});
