import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { evergreenAgreement, harborContract } from "../../src/core/fact-sheet/synthetic-contracts.fixture";
import { contractPdfOf } from "../support/documents/fact-sheet-contracts";
import { signUpThroughApi, uniqueEmail } from "./support/accounts";
import { expectNoAccessibilityViolations } from "./support/axe";
import { uploadProcessedDocument } from "./support/documents";

// Toasts fade in: without motion, axe reads their colours as they are meant to be.
test.use({ reducedMotion: "reduce" });

test("open a contract's fact sheet, compute a filing deadline and set a reminder, download it, follow a value to its highlighted clause, and compare two contracts", async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  await signUpThroughApi(page, uniqueEmail(testInfo.title));
  const suffix = `${testInfo.project.name} ${Date.now()}`;
  const evergreen = await uploadProcessedDocument(page, "Evergreen Provider Agreement.pdf", contractPdfOf([...evergreenAgreement, `Copy ${suffix}`]));
  const harbor = await uploadProcessedDocument(page, "Harbor Physician Contract.pdf", contractPdfOf([...harborContract, `Copy ${suffix}`]));

  // From the document's text, the tab beside it.
  await page.goto(`/app/documents/${evergreen.id}`);
  await page.getByRole("navigation", { name: "Document views" }).getByRole("link", { name: "Fact sheet" }).click();
  await expect(page).toHaveURL(`/app/documents/${evergreen.id}/fact-sheet`);
  const claims = page.getByRole("region", { name: "Claims and appeals" });
  await expect(claims.getByText("180 calendar days", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(claims.getByText("365 days", { exact: true })).toBeVisible();
  await expect(claims.getByText("Medicaid", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Term, renewal and termination" }).getByText("Not stated").first()).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // A claim filing deadline from a date of service, with its clause; then a reminder before it.
  const deadlines = page.getByRole("region", { name: "Deadlines" });
  await deadlines.getByLabel("Deadline", { exact: true }).selectOption({ label: "Claim filing deadline: 180 calendar days" });
  await deadlines.getByLabel("Date of service").fill("2099-01-15");
  const result = deadlines.getByRole("region", { name: "Result" });
  await expect(result).toContainText("File the claim by");
  await expect(result).toContainText("July 14, 2099");
  await expect(result.getByRole("link", { name: "2.1 Timely Filing, page 2" })).toBeVisible();
  await result.getByLabel("Email me, days before").fill("10");
  await result.getByRole("button", { name: "Email me a reminder" }).click();
  await expect(page.getByText("We'll email you on July 4, 2099.")).toBeVisible();
  await expect(deadlines.getByRole("region", { name: "Reminders" })).toContainText("Claim filing deadline: July 14, 2099");
  await expectNoAccessibilityViolations(page);

  // The sheet as CSV and PDF.
  const download = page.getByRole("button", { name: "Download fact sheet" });
  await download.click();
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("menuitem", { name: "CSV (spreadsheet)" }).click()]);
  expect(csv.suggestedFilename()).toBe("Evergreen Provider Agreement fact sheet.csv");
  expect(await readFile(await csv.path(), "utf8")).toContain("180 calendar days");
  await download.click();
  const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByRole("menuitem", { name: "PDF" }).click()]);
  expect(pdf.suggestedFilename()).toBe("Evergreen Provider Agreement fact sheet.pdf");
  expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe("%PDF-");

  // A value's clause opens the page with its quote marked.
  await claims.getByRole("link", { name: "2.1 Timely Filing, page 2" }).click();
  await expect(page).toHaveURL(new RegExp(`/app/documents/${evergreen.id}\\?page=2&q=`));
  await expect(page.locator("mark.cw-quote").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/was not found on page/)).toHaveCount(0);

  // Compare with another payer's contract: the terms that differ are marked, each side cited.
  await page.goBack();
  await page.getByRole("link", { name: "Compare" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Compare fact sheets" })).toBeVisible();
  await page.getByLabel("Second contract").selectOption({ label: "Harbor Physician Contract.pdf" });
  const filing = page.getByRole("region", { name: "Timely filing" });
  await expect(filing.getByText("Differs")).toBeVisible({ timeout: 30_000 });
  await expect(filing.getByText("95 days", { exact: true })).toBeVisible();
  await expect(filing.getByText("180 calendar days", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`left=${evergreen.id}&right=${harbor.id}`));
  await expectNoAccessibilityViolations(page);
});
