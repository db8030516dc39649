import { writeFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { contractPages, contractPdf } from "../support/documents/contract-pdf";
import { buildPdf } from "../support/documents/test-fixtures";
import type { BillingSummary } from "../../src/shared/contracts/billing";
import { signUpThroughApi, uniqueEmail } from "./support/accounts";
import { uploadProcessedDocument } from "./support/documents";
import { isSmallScreen, showOutline } from "./support/small-screens";

async function openCardMenu(page: Page, filename: string) {
  await page
    .getByRole("article", { name: filename })
    .getByRole("button", { name: `Actions for ${filename}` })
    .click();
}

/** Records every label a progress bar on the page shows from now on, however briefly; answers them when asked. */
async function recordProgressLabels(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { progressSeen: Set<string> }).progressSeen = seen;
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll("[role=progressbar][aria-valuetext]")) seen.add(bar.getAttribute("aria-valuetext")!);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { progressSeen: Set<string> }).progressSeen]);
}

test("a contract goes from upload through processing to a cited page, and is deleted", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  // The whole journey, pdf.js included, runs under the server's Content-Security-Policy.
  const policyViolations: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) policyViolations.push(message.text());
  });
  await signUpThroughApi(page, uniqueEmail(testInfo.title));
  const file = testInfo.outputPath("Aetna Provider Agreement.pdf");
  // A unique last line, so the file is never a duplicate of another run's.
  await writeFile(file, contractPdf(`${testInfo.testId} ${Date.now()}`));

  await page.goto("/app/documents");
  await expect(page.getByRole("heading", { name: "No documents uploaded" })).toBeVisible();

  // Upload through the file input behind 'Upload Document'.
  await page.getByLabel("Choose a document to upload").setInputFiles(file);
  await expect(page.getByText("Document uploaded", { exact: true })).toBeVisible();
  await expect(page.getByText("1 document processing. Each card updates as it goes.")).toBeVisible();
  const card = page.getByRole("article", { name: "Aetna Provider Agreement.pdf" });
  await expect(card.getByText("Payer Contract")).toBeVisible();

  // Processing starts as it is stored, and the live updates carry it to Ready.
  await expect(card.getByText("Ready", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText("3 pages")).toBeVisible();
  await expect(card.getByRole("link", { name: /Ask about/ })).toHaveAttribute("href", /\/app\/chat\?document=/);

  // Rename.
  await openCardMenu(page, "Aetna Provider Agreement.pdf");
  await page.getByRole("menuitem", { name: "Rename" }).click();
  const dialog = page.getByRole("dialog", { name: "Rename document" });
  await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
  await dialog.getByLabel("Name").fill("Cigna 2026 Agreement");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Document renamed")).toBeVisible();
  const renamed = page.getByRole("article", { name: "Cigna 2026 Agreement.pdf" });
  await expect(renamed).toBeVisible();

  // Search by name and by type.
  const search = page.getByPlaceholder("Search documents...");
  await search.fill("medicare");
  await expect(page.getByRole("heading", { name: "No documents found" })).toBeVisible();
  await search.fill("cigna 2026");
  await expect(renamed).toBeVisible();
  await search.fill("payer contract");
  await expect(renamed).toBeVisible();
  await search.fill("");

  // Download the original under its new name.
  await openCardMenu(page, "Cigna 2026 Agreement.pdf");
  const downloading = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Download" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("Cigna 2026 Agreement.pdf");

  // Open: page 1 drawn by pdf.js with its text layer, and the clause outline.
  await renamed.getByRole("link", { name: /^Open/ }).click();
  await expect(page).toHaveURL(/\/app\/documents\/[0-9a-f-]{36}$/);
  const documentUrl = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { level: 1, name: "Cigna 2026 Agreement.pdf" })).toBeVisible();
  const pageOne = page.getByRole("region", { name: "Page 1", exact: true });
  // pdf.js lays the text layer out only after it has drawn the page, which takes seconds on a busy machine.
  await expect(pageOne.locator(".textLayer")).toContainText("Timely Filing", { timeout: 15_000 });
  expect(await pageOne.locator("canvas").evaluate((canvas: HTMLCanvasElement) => canvas.width)).toBeGreaterThan(0);
  await showOutline(page);
  const outline = page.getByRole("navigation", { name: "Clause outline" });
  await expect(outline.getByRole("button", { name: /2\.1 Termination without Cause, page 2/ })).toBeVisible();
  await expect(page.getByText("Page 1 of 3")).toBeVisible();

  // A citation: page 2 with the quoted passage marked.
  const quote = "Each party may terminate this Agreement on one hundred twenty (120) days";
  await page.goto(`${documentUrl}?page=2&q=${encodeURIComponent(quote)}`);
  const pageTwo = page.getByRole("region", { name: "Page 2", exact: true });
  const marks = pageTwo.locator("mark.cw-quote");
  await expect(marks.first()).toBeVisible({ timeout: 20_000 });
  expect((await marks.allTextContents()).join(" ")).toBe("Each party may terminate this Agreement on one hundred twenty (120) days");
  await expect(marks.first()).toBeInViewport();
  await expect(page.getByText(/was not found on page/)).toHaveCount(0);
  // The viewer scrolls to the quote, not the page: it opens at the top, the top bar in view.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole("banner")).toBeInViewport({ ratio: 1 });
  if (isSmallScreen(page)) {
    // A phone fits the page to the screen's width (not to the width left inside the page's margins).
    const { width } = page.viewportSize()!;
    const box = (await pageTwo.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(box.width).toBeGreaterThanOrEqual(width - 2);
  }

  // Back to the library, and delete it.
  await page.getByRole("link", { name: "Document Library", exact: true }).click();
  await openCardMenu(page, "Cigna 2026 Agreement.pdf");
  await page.getByRole("menuitem", { name: "Delete" }).click();
  await page.getByRole("alertdialog", { name: "Delete document?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Document deleted")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No documents uploaded" })).toBeVisible();
  await page.goto(documentUrl);
  await expect(page.getByRole("heading", { level: 1, name: "Document not found" })).toBeVisible();
  expect(policyViolations).toEqual([]);
});

// Live progress is the same at any width, and the phone run would only race a fast machine once more.
test("a long contract shows its reading progress live on its card until it is Ready", { tag: "@large-screen" }, async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page, uniqueEmail(testInfo.title));
  // Long enough that reading it outlasts several progress reports (every 250 ms) on a quiet machine too.
  const pageCount = 800;
  const schedulePages = Array.from({ length: pageCount - contractPages.length }, (_, index) => ({
    lines: [
      { text: `SCHEDULE ${index + 1} - FEE TABLE ${testInfo.testId} ${Date.now()}`, x: 72, y: 720 },
      { text: `99213 Office visit, established patient: $${90 + index}.00 per visit.`, x: 72, y: 700 },
    ],
  }));
  const file = testInfo.outputPath("Humana Fee Schedule.pdf");
  await writeFile(file, buildPdf([...contractPages, ...schedulePages]));

  await page.goto("/app/documents");
  const progressSeen = await recordProgressLabels(page);
  await page.getByLabel("Choose a document to upload").setInputFiles(file);
  const card = page.getByRole("article", { name: "Humana Fee Schedule.pdf" });
  await expect(card.getByText("Ready", { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(card.getByText(`${pageCount} pages`)).toBeVisible();
  await expect(card.getByRole("progressbar")).toHaveCount(0);
  const seen = await progressSeen();
  expect(seen).toContainEqual(expect.stringMatching(new RegExp(`^Reading pages \\d+ of ${pageCount}$`)));
});

test("a Ready contract is reprocessed from its card, free of credit, and is Ready again", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page, uniqueEmail(testInfo.title));
  const filename = "Aetna Provider Agreement.pdf";
  await uploadProcessedDocument(page, filename, contractPdf(`${testInfo.testId} ${Date.now()}`));
  const credits = async () => ((await (await page.request.get("/api/billing/summary")).json()) as Extract<BillingSummary, { credits: unknown }>).credits;
  const creditsBefore = await credits();
  expect(creditsBefore.creditsUsed).toBe(1);

  await page.goto("/app/documents");
  const card = page.getByRole("article", { name: filename });
  await expect(card.getByText("Ready", { exact: true })).toBeVisible();
  const progressSeen = await recordProgressLabels(page);

  await openCardMenu(page, filename);
  await page.getByRole("menuitem", { name: "Reprocess" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Reprocess document?" });
  await expect(dialog).toContainText("This costs no credit.");
  await dialog.getByRole("button", { name: "Reprocess" }).click();
  await expect(page.getByText("Reprocessing started")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText("Ready", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText("3 pages")).toBeVisible();
  await expect(card.getByRole("progressbar")).toHaveCount(0);
  const seen = await progressSeen();
  expect(seen.length).toBeGreaterThan(0);
  expect(await credits()).toEqual(creditsBefore);
  await expect(card.getByRole("link", { name: /Ask about/ })).toBeVisible();
});

test("the library refuses an unsupported file without sending it", async ({ page }, testInfo) => {
  await signUpThroughApi(page, uniqueEmail(testInfo.title));
  await page.goto("/app/documents");
  await expect(page.getByRole("heading", { name: "No documents uploaded" })).toBeVisible();
  let uploads = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/documents") uploads += 1;
  });
  await page.getByLabel("Choose a document to upload").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(page.getByText("Unsupported file type")).toBeVisible();
  expect(uploads).toBe(0);
});
