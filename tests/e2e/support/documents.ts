import { expect, type Page } from "@playwright/test";
import type { DocumentSummary } from "../../../src/shared/documents";

/**
 * Where billing is on, processing needs a document credit: subscribe through the local test-mode
 * checkout, as a person would, when the account has none.
 */
async function ensureProcessingCredit(page: Page): Promise<void> {
  const summary = (await (await page.request.get("/api/billing/summary")).json()) as { mode: string; credits?: { creditsAvailable: number } };
  if (summary.mode === "off" || (summary.credits?.creditsAvailable ?? 0) > 0) return;
  const start = await page.request.post("/api/billing/subscribe", { data: { plan: "pro" } });
  expect(start.ok()).toBe(true);
  const checkoutId = new URL(((await start.json()) as { url: string }).url).pathname.split("/").pop();
  expect((await page.request.post(`/api/billing/local/checkouts/${checkoutId}/confirm`)).ok()).toBe(true);
}

/** Uploads `buffer` as `name` through the API and waits until processing has completed it. */
export async function uploadProcessedDocument(page: Page, name: string, buffer: Buffer): Promise<DocumentSummary> {
  await ensureProcessingCredit(page);
  const upload = await page.request.post("/api/documents", { multipart: { file: { name, mimeType: "application/pdf", buffer } } });
  expect(upload.status()).toBe(201);
  const { document } = (await upload.json()) as { document: DocumentSummary };
  expect((await page.request.post(`/api/documents/${document.id}/process`, { data: { trigger: "start" } })).ok()).toBe(true);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${document.id}`)).json()) as { document: DocumentSummary }).document.status, {
      timeout: 60_000,
    })
    .toBe("completed");
  return document;
}
