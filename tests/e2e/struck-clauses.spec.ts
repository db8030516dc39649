import { expect, test } from "@playwright/test";
import { struckTemplateDocx } from "../support/documents/struck-template";
import { signUpThroughApi, uniqueEmail } from "./support/accounts";
import { uploadProcessedDocument } from "./support/documents";

test("a Word template whose renewal clause is struck through: the fact sheet says No, the clause is struck through, and its page shows the clause struck", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page, uniqueEmail(testInfo.title));
  const template = await uploadProcessedDocument(page, `Tamarack template ${testInfo.project.name} ${Date.now()}.docx`, struckTemplateDocx());

  await page.goto(`/app/documents/${template.id}/fact-sheet`);
  const term = page.getByRole("region", { name: "Term, renewal and termination" });
  await expect(term.getByText("No — the clause is struck through", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("region", { name: "Claims and appeals" }).getByText("Not stated").first()).toBeVisible();

  // The No's clause opens its page, where the reader sees the clause struck through and the quote marked in it.
  await term.getByRole("link", { name: "1.2 Renewal, page 1" }).click();
  await expect(page).toHaveURL(new RegExp(`/app/documents/${template.id}\\?page=1&q=`));
  const quote = page.locator("mark s").first();
  await expect(quote).toBeVisible({ timeout: 30_000 });
  await expect(quote).toContainText("shall renew automatically");
  await expect(quote).toHaveCSS("text-decoration-line", "line-through");
});
