import { expect, type Page } from "@playwright/test";
import type { DocumentSummary } from "../../../src/shared/contracts/documents";

/**
 * Uploads `buffer` as `name` through the API and waits until processing has completed it; the
 * account needs a document credit (signUpThroughApi subscribes it).
 */
export async function uploadProcessedDocument(page: Page, name: string, buffer: Buffer): Promise<DocumentSummary> {
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
