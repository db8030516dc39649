import { writeFile } from "node:fs/promises";
import { cannotProcessMessages } from "../../src/shared/billing";
import { expect, test, type Page } from "@playwright/test";
import { contractPdf } from "../support/documents/contract-pdf";
import { E2E_PASSWORD, latestCodeFor, signUpThroughApi, uniqueEmail } from "./support/accounts";
import { expectNoAccessibilityViolationsInBothThemes } from "./support/axe";
import { uploadProcessedDocument } from "./support/documents";

async function expectCredits(page: Page, figure: string) {
  await expect
    .poll(
      async () => {
        await page.getByRole("button", { name: /^Account menu for/ }).click();
        const text =
          (await page
            .getByTestId("credits-line")
            .textContent({ timeout: 5_000 })
            .catch(() => null)) ?? "";
        await page.keyboard.press("Escape");
        return text;
      },
      { timeout: 30_000 },
    )
    .toBe(`Credits: ${figure}`);
}

async function confirmTestCheckout(page: Page, description: RegExp) {
  await expect(page).toHaveURL(/\/billing\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("note")).toContainText("TEST MODE — no real charge");
  await expect(page.getByText(description)).toBeVisible();
  await page.getByRole("button", { name: "Confirm test payment" }).click();
  // Back in the library, the checkout ends with a confirmation, and its mark leaves the address.
  await expect(page.getByText("Checkout complete")).toBeVisible();
  await expect(page).toHaveURL("/app/documents");
}

test("from the Pro pricing link through sign-up and the test-mode checkout to processing, credits going down, and a bought credit", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = uniqueEmail(testInfo.title);
  await page.goto("/login?plan=pro");
  await expect(page.getByText("You chose the Pro plan — you'll go to checkout after signing in.")).toBeVisible();
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await page.getByLabel("Full name").fill("Pat Newcomer");
  await page.getByLabel("Practice name").fill("Newcomer Family Practice");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  const { code } = await latestCodeFor(page.request, email);
  await page.getByLabel("6-digit code").fill(code);

  // Straight to the checkout of the plan chosen on the landing page.
  await confirmTestCheckout(page, /Pro plan, billed monthly/);
  await expect(page.getByRole("heading", { name: "No documents uploaded" })).toBeVisible();
  await expectCredits(page, "5/5");

  const file = testInfo.outputPath("Aetna Provider Agreement.pdf");
  await writeFile(file, contractPdf(`${testInfo.testId} ${Date.now()}`));
  await page.getByLabel("Choose a document to upload").setInputFiles(file);
  const card = page.getByRole("article", { name: "Aetna Provider Agreement.pdf" });
  // The plan allows it: processing starts as soon as the file is stored.
  await expect(page.getByText("1 document processing. Each card updates as it goes.")).toBeVisible();
  await expectCredits(page, "4/5");
  await expect(card.getByText("Ready", { exact: true })).toBeVisible({ timeout: 60_000 });

  await page.getByRole("button", { name: /^Account menu for/ }).click();
  await expect(page.getByRole("menuitem", { name: "Manage/Upgrade plan" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Upgrade to Pro" })).toHaveCount(0);
  await page.getByRole("menuitem", { name: "Buy a document credit" }).click();
  await confirmTestCheckout(page, /One-time credit: adds 1 document credit/);
  await expectCredits(page, "5/6");
});

test("a document waiting for a credit says so on its card, and buying one there starts it", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page, uniqueEmail(testInfo.title), E2E_PASSWORD, { plan: "basic" });
  await uploadProcessedDocument(page, "Aetna Provider Agreement.pdf", contractPdf(`${testInfo.testId} first ${Date.now()}`));
  const file = testInfo.outputPath("Cigna Network Agreement.pdf");
  await writeFile(file, contractPdf(`${testInfo.testId} second ${Date.now()}`));

  await page.goto("/app/documents");
  await page.getByLabel("Choose a document to upload").setInputFiles(file);
  const card = page.getByRole("article", { name: "Cigna Network Agreement.pdf" });
  // Stored, then left waiting for a credit: the upload's one toast says why, once.
  await expect(page.getByText(`1 document waiting to be processed. ${cannotProcessMessages.insufficient_credits}`)).toBeVisible();
  await expect(card.getByText("Awaiting Credit", { exact: true })).toBeVisible();
  await expect(card).toContainText("Processing this document needs a document credit. Buy one and processing starts by itself.");
  await expect(card.getByRole("button", { name: /Processing\.\.\./ })).toHaveCount(0);

  await card.getByRole("button", { name: "Buy a document credit" }).click();
  await confirmTestCheckout(page, /One-time credit: adds 1 document credit/);
  await expect(card.getByText("Ready", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expectCredits(page, "0/2");
});

test("without a subscription the library shows the plans, and 'Start subscription' opens 'Choose your plan'", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo.title);
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await page.getByLabel("Full name").fill("Pat Newcomer");
  await page.getByLabel("Practice name").fill("Newcomer Family Practice");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await page.getByLabel("6-digit code").fill((await latestCodeFor(page.request, email)).code);
  await expect(page).toHaveURL("/app/documents");
  await expect(page.getByRole("heading", { name: "Choose a plan to manage your documents" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Upload Document/ })).toHaveCount(0);

  await page.getByRole("button", { name: /^Account menu for/ }).click();
  await expect(page.getByTestId("credits-line")).toHaveText("Credits: 0/0");
  await page.getByRole("menuitem", { name: "Start subscription" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose your plan" });
  await expect(dialog.getByText("Most Popular")).toBeVisible();
  await dialog.getByRole("button", { name: "Choose Basic" }).click();
  await confirmTestCheckout(page, /Basic plan, billed monthly/);
  await expect(page.getByRole("heading", { name: "No documents uploaded" })).toBeVisible();
  await expectCredits(page, "1/1");
});

// Each screen is checked in both themes in one visit (the theme follows the system's, switched
// between the two checks).
test("the plan cards, 'Choose your plan' and the test-mode checkout have no detectable accessibility violations, light and dark", async ({
  page,
}, testInfo) => {
  // Six axe runs: twice what each theme's test had, and twice the default limit.
  test.setTimeout(120_000);
  await signUpThroughApi(page, uniqueEmail(testInfo.title), E2E_PASSWORD, { plan: null });
  await page.goto("/app/documents");
  await expect(page.getByRole("heading", { name: "Choose a plan to manage your documents" })).toBeVisible();
  await expectNoAccessibilityViolationsInBothThemes(page);

  await page.getByRole("button", { name: /^Account menu for/ }).click();
  await page.getByRole("menuitem", { name: "Start subscription" }).click();
  await expect(page.getByRole("dialog", { name: "Choose your plan" })).toBeVisible();
  await expectNoAccessibilityViolationsInBothThemes(page);

  await page.getByRole("dialog", { name: "Choose your plan" }).getByRole("button", { name: "Choose Pro" }).click();
  await expect(page.getByRole("button", { name: "Confirm test payment" })).toBeVisible();
  await expectNoAccessibilityViolationsInBothThemes(page);
});
