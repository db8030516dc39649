import { expect, test, type Page } from "@playwright/test";
import { buildPdf } from "../support/documents/test-fixtures";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import { signUpThroughApi, uniqueEmail } from "./support/accounts";
import { expectNoAccessibilityViolationsInBothThemes } from "./support/axe";

async function uploadThroughApi(page: Page, name: string, text: string): Promise<DocumentSummary> {
  const buffer = buildPdf([
    {
      lines: [
        { text: "ARTICLE I - CLAIMS", x: 72, y: 720 },
        { text, x: 72, y: 700 },
      ],
    },
  ]);
  const response = await page.request.post("/api/documents", { multipart: { file: { name, mimeType: "application/pdf", buffer } } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { document: DocumentSummary }).document;
}

// Each screen is checked in both themes in one visit (the theme follows the system's, switched
// between the two checks): one sign-up and one processed contract instead of one per theme.
test("the document library and a document have no detectable accessibility violations, light and dark", async ({ page }, testInfo) => {
  // Processing (up to 60 s on a busy machine) and four axe runs, two more than each theme's test had.
  test.setTimeout(150_000);
  await signUpThroughApi(page, uniqueEmail(testInfo.title));
  const suffix = `${Date.now()}`;
  const ready = await uploadThroughApi(page, "Aetna Provider Agreement.pdf", `1.1 Timely Filing within ninety days ${suffix}`);
  await uploadThroughApi(page, "Office Policy Manual.pdf", `Policy text ${suffix}`);
  await page.request.post(`/api/documents/${ready.id}/process`, { data: { trigger: "start" } });
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${ready.id}`)).json()) as { document: DocumentSummary }).document.status, {
      timeout: 60_000,
    })
    .toBe("completed");

  await page.goto("/app/documents");
  await expect(page.getByRole("article", { name: "Aetna Provider Agreement.pdf" }).getByText("Ready", { exact: true })).toBeVisible();
  await expect(page.getByRole("article", { name: "Office Policy Manual.pdf" }).getByText("Uploaded", { exact: true })).toBeVisible();
  await expectNoAccessibilityViolationsInBothThemes(page);

  await page.goto(`/app/documents/${ready.id}?page=1&q=${encodeURIComponent("Timely Filing within ninety days")}`);
  await expect(page.getByRole("region", { name: "Page 1", exact: true }).locator("mark.cw-quote").first()).toBeVisible({ timeout: 20_000 });
  await expectNoAccessibilityViolationsInBothThemes(page);
});
