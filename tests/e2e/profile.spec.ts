import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { avatarMessages, profileMessages } from "../../src/shared/profile";
import { E2E_PASSWORD, signUpThroughApi, uniqueEmail } from "./support/accounts";
import { E2E_BASE_URL } from "./support/e2e-config";
import { expectNoAccessibilityViolations } from "./support/axe";

// Toasts are drawn at once, not faded in, so axe judges their colours as people read them.
test.use({ reducedMotion: "reduce" });

// By its element, not its role: a modal dialog hides the rest of the page from the accessibility tree, the toasts' region included.
const notifications = (page: Page) => page.locator("[data-sonner-toaster]");

async function openProfile(page: Page) {
  await page.getByRole("button", { name: /^Account menu for / }).click();
  await page.getByRole("menuitem", { name: "Account" }).click();
  await expect(page).toHaveURL(/\/app\/account$/);
  return page.getByRole("dialog", { name: "User Profile" });
}

for (const theme of ["light", "dark"] as const) {
  test(`the profile dialog in ${theme} mode: only a valid name saves, HTML stays text, closing goes to the library`, async ({ page }, testInfo) => {
    await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
    await signUpThroughApi(page, uniqueEmail(testInfo.title));
    await page.goto("/app/documents");
    const dialog = await openProfile(page);
    await expect(dialog.getByTestId("profile-role")).toHaveText("Admin");
    await expectNoAccessibilityViolations(page);

    const name = dialog.getByRole("textbox", { name: "Display name" });
    await name.fill("A");
    await expect(dialog.getByText(profileMessages.displayNameTooShort)).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
    const htmlName = `<b>Dr ${theme}</b>`;
    await name.fill(htmlName);
    await dialog.getByRole("textbox", { name: "Title" }).fill("Practice manager");
    await dialog.getByRole("textbox", { name: "Bio" }).fill("Payer contracts since 2004.");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(notifications(page).getByText(profileMessages.updated)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/app\/documents$/);
    await expect(page.getByRole("button", { name: `Account menu for ${htmlName}` })).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });
}

test("an avatar: a wrong type is refused with the spec's words, a photo uploads with progress 5 → 90 → 95 → 100 and shows", async ({ page }, testInfo) => {
  // Every value the progress bar shows, in order, as the page draws it.
  await page.addInitScript(() => {
    const seen: number[] = [];
    (window as unknown as { avatarProgress: number[] }).avatarProgress = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"][aria-label="Uploading photo"]');
      const value = Number(bar?.getAttribute("aria-valuenow"));
      if (bar && seen.at(-1) !== value) seen.push(value);
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-valuenow"] });
  });
  await signUpThroughApi(page, uniqueEmail(testInfo.title));
  await page.goto("/app/account");
  const dialog = page.getByRole("dialog", { name: "User Profile" });
  const picker = dialog.getByLabel("Profile photo");

  await picker.setInputFiles({ name: "me.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") });
  await expect(notifications(page).getByText(avatarMessages.unsupported.title)).toBeVisible();
  await expect(notifications(page).getByText(avatarMessages.unsupported.description)).toBeVisible();

  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer();
  await picker.setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(notifications(page).getByText(profileMessages.photoUpdated)).toBeVisible();
  const avatar = dialog.locator('img[src^="/api/avatars/"]');
  await expect(avatar).toBeVisible();
  await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(512);
  const progress = await page.evaluate(() => (window as unknown as { avatarProgress: number[] }).avatarProgress);
  expect(progress[0]).toBe(5);
  expect(progress.slice(-2)).toEqual([95, 100]);
  expect(progress.slice(1, -2).every((value) => value > 5 && value <= 90)).toBe(true);
  await expectNoAccessibilityViolations(page);
});

test("closing the account: a wrong password changes nothing, the right one deletes it and it cannot sign in", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo.title);
  await signUpThroughApi(page, email);
  await page.goto("/app/account");
  const dialog = page.getByRole("dialog", { name: "User Profile" });
  await dialog.getByRole("tab", { name: "Security" }).click();
  await expect(dialog.getByText("(this device)")).toBeVisible();
  await dialog.getByRole("button", { name: "Close account" }).click();
  const confirm = page.getByRole("dialog", { name: "Close your account?" });
  await expectNoAccessibilityViolations(page);
  await confirm.getByLabel("Password").fill("not-my-password");
  await confirm.getByRole("button", { name: "Close account permanently" }).click();
  await expect(notifications(page).getByText(profileMessages.incorrectPassword)).toBeVisible();
  await confirm.getByLabel("Password").fill(E2E_PASSWORD);
  await confirm.getByRole("button", { name: "Close account permanently" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(notifications(page).getByText(profileMessages.accountClosed)).toBeVisible();
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password: E2E_PASSWORD },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(signIn.status()).toBe(401);
});

test("one other session signed out from the sessions list, then on the person's activity", async ({ page, playwright }, testInfo) => {
  const email = uniqueEmail(testInfo.title);
  await signUpThroughApi(page, email, E2E_PASSWORD, { plan: null });
  // Another device, with cookies of its own.
  const phone = await playwright.request.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { "User-Agent": "Phone Browser/1.0", Origin: E2E_BASE_URL } });
  expect((await phone.post("/api/auth/sign-in/email", { data: { email, password: E2E_PASSWORD } })).ok()).toBe(true);

  await page.goto("/app/account");
  const dialog = page.getByRole("dialog", { name: "User Profile" });
  await dialog.getByRole("tab", { name: "Security" }).click();
  await expect(dialog.getByText("Phone Browser/1.0")).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole("button", { name: "Sign out Phone Browser/1.0" }).click();
  await expect(notifications(page).getByText(profileMessages.sessionSignedOut)).toBeVisible();
  await expect(dialog.getByText("Phone Browser/1.0")).toHaveCount(0);
  await expect(dialog.getByText("(this device)")).toBeVisible();
  expect((await phone.get("/api/me")).status()).toBe(401);
  await phone.dispose();

  await dialog.getByRole("tab", { name: "Activity" }).click();
  await expect(dialog.getByRole("region", { name: "Security activity" }).getByRole("cell", { name: "Session signed out" })).toBeVisible();
});
