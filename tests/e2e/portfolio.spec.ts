import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { evergreenAgreement, harborContract } from "../../src/core/fact-sheet/synthetic-contracts.fixture";
import { addCalendarDays, addCalendarYears, formatIsoDate, formatLongDate } from "../../src/shared/calendar-dates";
import { contractPdfOf } from "../support/documents/fact-sheet-contracts";
import type { FactSheet } from "../../src/shared/contracts/fact-sheet";
import { signUpThroughApi, subscribeThroughApi, uniqueEmail } from "./support/accounts";
import { E2E_BASE_URL } from "./support/e2e-config";
import { expectNoAccessibilityViolations } from "./support/axe";
import { uploadProcessedDocument } from "./support/documents";
import { latestInvitationFor } from "./support/organizations";

test.use({ reducedMotion: "reduce" });

/**
 * Evergreen's agreement made to renew 75 days from today: a one-year term that began a year before
 * that, renewing yearly, with thirty days' notice, so its notice-by date falls in the next 60 days.
 */
function renewingSoon(today: string): { pages: string[]; renewal: string; noticeBy: string } {
  const renewal = addCalendarDays(today, 75);
  const effective = addCalendarYears(renewal, -1);
  const pages = evergreenAgreement.map((page) =>
    page
      .replace("effective as of March 1, 2025", `effective as of ${formatLongDate(effective)}`)
      .replace("an initial term of three (3) years", "an initial term of one (1) year")
      .replace("no less than ninety (90) days", "no less than thirty (30) days"),
  );
  return { pages, renewal, noticeBy: addCalendarDays(renewal, -31) };
}

/** The owner confirms every value of the document's fact sheet as read, as the sheet's Confirm buttons do. */
async function confirmEveryValue(page: Page, documentId: string): Promise<void> {
  const { factSheet } = (await (await page.request.get(`/api/documents/${documentId}/fact-sheet`)).json()) as { factSheet: FactSheet };
  expect(factSheet.status).toBe("ready");
  for (const field of factSheet.fields) {
    for (const value of field.values) {
      const review = { field: field.key, readValue: value.value, chunkId: value.source.chunkId, startOffset: value.source.startOffset, kind: "confirmed" };
      const confirmed = await page.request.post(`/api/documents/${documentId}/fact-sheet/reviews`, { data: review, headers: { Origin: E2E_BASE_URL } });
      expect(confirmed.status(), await confirmed.text()).toBe(201);
    }
  }
}

async function openNavigation(page: Page, isPhone: boolean) {
  if (!isPhone) return page.getByRole("complementary", { name: "Sidebar" });
  await page.getByRole("button", { name: "Open navigation" }).click();
  return page.getByRole("dialog", { name: "Navigation" });
}

test("the library shows each contract's terms; the portfolio filters them, opens a value's page, shows the notice-by date in its calendar and downloads as Excel", async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const isPhone = testInfo.project.name === "phone";
  await signUpThroughApi(page, uniqueEmail(testInfo.title));
  const suffix = `${testInfo.project.name} ${Date.now()}`;
  const soon = renewingSoon(formatIsoDate(new Date()));
  const evergreen = await uploadProcessedDocument(page, "Evergreen Provider Agreement.pdf", contractPdfOf([...soon.pages, `Copy ${suffix}`]));
  const harbor = await uploadProcessedDocument(page, "Harbor Physician Contract.pdf", contractPdfOf([...harborContract, `Copy ${suffix}`]));

  // The library: each card with its payer and dates; narrowed to what renews soon.
  await page.goto("/app/documents");
  const evergreenCard = page.getByRole("article", { name: "Evergreen Provider Agreement.pdf" });
  const details = evergreenCard.getByLabel("Contract details");
  await expect(details).toContainText("Evergreen Health Plan, Inc.", { timeout: 30_000 });
  await expect(details).toContainText(formatLongDate(soon.renewal));
  await page.getByLabel("Show", { exact: true }).selectOption({ label: "Renews in the next 90 days" });
  await expect(page.getByTestId("document-card")).toHaveCount(1);
  await expect(evergreenCard).toBeVisible();

  // The portfolio from the navigation.
  await (await openNavigation(page, isPhone)).getByRole("link", { name: "Portfolio", exact: true }).click();
  await expect(page).toHaveURL("/app/portfolio");
  await expect(page.getByRole("heading", { level: 1, name: "Portfolio" })).toBeVisible();
  const agreements = page.getByRole("region", { name: "Agreements" });
  await expect(agreements.getByText("2 agreements")).toBeVisible({ timeout: 30_000 });
  await expectNoAccessibilityViolations(page);

  // Filters: a short filing window is Harbor's; a lesser-of clause is Evergreen's.
  await agreements.getByLabel("Timely filing under 120 days").check();
  await expect(agreements.getByText("1 agreement", { exact: true })).toBeVisible();
  await expect(agreements.getByRole("link", { name: "95 days, page 1" })).toBeVisible();
  await agreements.getByLabel("Timely filing under 120 days").uncheck();
  await agreements.getByLabel("Has a lesser-of clause").check();
  await expect(agreements.getByText("1 agreement", { exact: true })).toBeVisible();
  await expect(agreements.getByRole("link", { name: "95 days, page 1" })).toHaveCount(0);

  // The calendar shows the notice-by date and the renewal.
  const calendar = page.getByRole("region", { name: "Next 12 months" });
  const noticeEntry = calendar
    .getByRole("listitem")
    .filter({ hasText: formatLongDate(soon.noticeBy) })
    .filter({ hasText: "Notice-by" })
    // The month's own item holds the day's: the day's is the innermost, the last.
    .last();
  await expect(noticeEntry).toContainText("Evergreen Health Plan, Inc.");
  await expect(
    calendar
      .getByRole("listitem")
      .filter({ hasText: formatLongDate(soon.renewal) })
      .filter({ hasText: "Renewal" })
      .last(),
  ).toContainText("Evergreen Health Plan, Inc.");

  // The Excel file, with the agreement the view shows and its citations.
  await page.getByRole("button", { name: "Download the portfolio" }).click();
  const [xlsx] = await Promise.all([page.waitForEvent("download"), page.getByRole("menuitem", { name: "Excel (.xlsx)" }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^Contract portfolio \d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  const file = await readFile(await xlsx.path());
  await workbook.xlsx.load(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer);
  const sheet = workbook.getWorksheet("Portfolio")!;
  expect(sheet.rowCount).toBe(2);
  expect(sheet.getRow(2).getCell(1).text).toBe("Evergreen Provider Agreement.pdf");
  expect(sheet.getRow(2).getCell(2).text).toBe("Evergreen Health Plan, Inc.");

  // Confirmed values: none yet. Once a person confirms every value of Harbor's sheet, it is the one
  // with all values confirmed; the two choices turn each other off.
  await agreements.getByLabel("Has a lesser-of clause").uncheck();
  await agreements.getByLabel("Has unconfirmed values").check();
  await expect(agreements.getByText("2 agreements")).toBeVisible();
  await confirmEveryValue(page, harbor.id);
  await agreements.getByLabel("All values confirmed").check();
  await expect(agreements.getByLabel("Has unconfirmed values")).not.toBeChecked();
  await expect(agreements.getByText("1 agreement", { exact: true })).toBeVisible();
  await expect(agreements.getByRole("link", { name: "95 days, page 1" })).toBeVisible();
  await agreements.getByLabel("Has unconfirmed values").check();
  await expect(agreements.getByLabel("All values confirmed")).not.toBeChecked();
  await expect(agreements.getByText("1 agreement", { exact: true })).toBeVisible();
  await expect(agreements.getByRole("link", { name: "95 days, page 1" })).toHaveCount(0);

  // A cell opens the page it is cited on, with the quote marked.
  await agreements.getByRole("link", { name: "Oregon, page 3" }).click();
  await expect(page).toHaveURL(new RegExp(`/app/documents/${evergreen.id}\\?page=3&q=`));
  await expect(page.locator("mark.cw-quote").first()).toBeVisible({ timeout: 30_000 });
});

test("an admin opens a member's contract from the portfolio: whose it is, the cited page, and nothing only its owner may do", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const headers = { Origin: E2E_BASE_URL };
  await signUpThroughApi(page, uniqueEmail(`admin ${testInfo.title}`));
  const { user } = (await (await page.request.get("/api/me")).json()) as { user: { organizationId: string } };

  // A member of the admin's organization, Dana Lee, has a processed contract of her own.
  const memberEmail = uniqueEmail(`member ${testInfo.title}`);
  const invited = await page.request.post(`/api/organizations/${user.organizationId}/invitations`, { data: { email: memberEmail }, headers });
  expect(invited.status(), await invited.text()).toBe(201);
  const member = await (await browser.newContext({ baseURL: E2E_BASE_URL })).newPage();
  const { code } = await latestInvitationFor(page.request, memberEmail);
  expect((await member.request.post("/api/invitations/accept-with-code", { data: { email: memberEmail, code }, headers })).ok()).toBe(true);
  expect((await member.request.patch("/api/me/profile", { data: { displayName: "Dana Lee" }, headers })).ok()).toBe(true);
  await subscribeThroughApi(member);
  const harbor = await uploadProcessedDocument(
    member,
    "Harbor Physician Contract.pdf",
    contractPdfOf([...harborContract, `Copy ${testInfo.project.name} ${Date.now()}`]),
  );
  await member.context().close();

  // The admin opens a value's cited page from the portfolio, with the keyboard.
  await page.goto("/app/portfolio");
  const cell = page.getByRole("region", { name: "Agreements" }).getByRole("link", { name: "95 days, page 1" });
  await cell.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/app/documents/${harbor.id}\\?page=1&q=`));
  const ownerNote = page.getByText("Dana Lee's contract — you can read it and confirm or correct its values as an admin.");
  await expect(ownerNote).toBeVisible();
  await expect(page.locator("mark.cw-quote").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("link", { name: "Ask" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Download/ })).toBeVisible();

  // Its fact sheet: Confirm and Correct are there for the admin; asking, reminders, renaming and deleting are not.
  await page.getByRole("navigation", { name: "Document views" }).getByRole("link", { name: "Fact sheet" }).click();
  await expect(page.getByRole("button", { name: /^Confirm / }).first()).toBeVisible({ timeout: 30_000 });
  await expect(ownerNote).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Delete|Rename|Reprocess|Email me a reminder/ })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);
});
