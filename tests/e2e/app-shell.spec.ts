import { expect, test } from "@playwright/test";
import { joinAsMemberThroughApi, platformOwnerEmail, signUpThroughApi, uniqueEmail } from "./support/accounts";
import { E2E_BASE_URL } from "./support/e2e-config";
import { skipToContent } from "./support/keyboard";
import { openSidebar } from "./support/small-screens";

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
