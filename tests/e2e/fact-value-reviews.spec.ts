import { expect, test } from "@playwright/test";
import { evergreenAgreement } from "../../src/core/fact-sheet/synthetic-contracts.fixture";
import { contractPdfOf } from "../support/documents/fact-sheet-contracts";
import { signUpThroughApi, uniqueEmail } from "./support/accounts";
import { expectNoAccessibilityViolations } from "./support/axe";
import { uploadProcessedDocument } from "./support/documents";
import { E2E_BASE_URL } from "./support/e2e-config";

// A person confirms or corrects a value the fact sheet read (issue 28, item 2): the reading stays beside the correction.

test.use({ reducedMotion: "reduce" });

/** "Nov 28": the day a review is made, as the sheet writes it (UTC, as the server dates it). */
const today = () => new Date().toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

test("confirm a value, then correct another and see what was read beside the correction", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page, uniqueEmail(testInfo.title));
  const named = await page.request.patch("/api/me/profile", { data: { displayName: "Dana Lee" }, headers: { Origin: E2E_BASE_URL } });
  expect(named.ok(), await named.text()).toBe(true);
  const contract = await uploadProcessedDocument(
    page,
    "Evergreen Provider Agreement.pdf",
    contractPdfOf([...evergreenAgreement, `Copy ${testInfo.project.name} ${Date.now()}`]),
  );

  await page.goto(`/app/documents/${contract.id}/fact-sheet`);
  const legal = page.getByRole("region", { name: "Legal and administrative" });
  await expect(legal.getByText("Oregon", { exact: true })).toBeVisible({ timeout: 30_000 });

  // Confirm: the value stays as read, marked by whom and when.
  await legal.getByRole("button", { name: "Confirm Governing law: Oregon" }).click();
  await expect(legal.getByText(`Confirmed by Dana Lee, ${today()}`)).toBeVisible();
  await expect(legal.getByRole("button", { name: "Confirm Governing law: Oregon" })).toHaveCount(0);

  // Correct: a value the field cannot have is refused in the form, then the correction shows beside the reading.
  const claims = page.getByRole("region", { name: "Claims and appeals" });
  const filing = claims.getByRole("listitem").filter({ hasText: "180 calendar days" });
  await filing.getByRole("button", { name: "Correct" }).click();
  const dialog = page.getByRole("dialog", { name: "Correct timely filing" });
  await expect(dialog).toContainText("Read from the contract: 180 calendar days.");
  await dialog.getByLabel("Value").fill("ninety");
  await dialog.getByLabel("Page").fill("3");
  await dialog.getByRole("button", { name: "Save correction" }).click();
  await expect(dialog.getByText("Enter a length of time, such as “120 days”", { exact: false })).toBeVisible();
  await expect(dialog.getByText("Say in a few words why the value is corrected")).toBeVisible();
  await dialog.getByLabel("Value").fill("120 days");
  await expect(dialog.getByText("Enter a length of time", { exact: false })).toHaveCount(0);
  await dialog.getByLabel("Note").fill("amendment 2");
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole("button", { name: "Save correction" }).click();
  await expect(dialog).toBeHidden();
  await expect(claims.getByText(`Read: 180 calendar days · Corrected to 120 days by Dana Lee, ${today()}: amendment 2`)).toBeVisible();
  await expect(claims.getByText("120 days", { exact: true })).toBeVisible();
  await expect(claims.getByRole("link", { name: "Corrected value: page 3" })).toBeVisible();
  await expect(claims.getByRole("button", { name: "Confirm Timely filing: 120 days" })).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  // Undo: the value shows as read again.
  await claims.getByRole("button", { name: "Undo the review of Timely filing: 120 days" }).click();
  await expect(claims.getByText("180 calendar days", { exact: true })).toBeVisible();
  await expect(claims.getByText(/Corrected to 120 days/)).toHaveCount(0);
});
