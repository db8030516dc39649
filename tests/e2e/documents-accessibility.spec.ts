import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { buildPdf } from "../support/documents/test-fixtures";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import { signUpThroughApi, uniqueEmail } from "./support/accounts";

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

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(" | ")}`)).toEqual([]);
}

for (const theme of ["light", "dark"] as const) {
  test(`the document library and a document in ${theme} mode have no detectable accessibility violations`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
    await signUpThroughApi(page, uniqueEmail(testInfo.title));
    const suffix = `${theme} ${Date.now()}`;
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
    await expectNoViolations(page);

    await page.goto(`/app/documents/${ready.id}?page=1&q=${encodeURIComponent("Timely Filing within ninety days")}`);
    await expect(page.getByRole("region", { name: "Page 1", exact: true }).locator("mark.cw-quote").first()).toBeVisible({ timeout: 20_000 });
    await expectNoViolations(page);
  });
}
