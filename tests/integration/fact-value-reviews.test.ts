import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evergreenAgreement } from "../../src/core/fact-sheet/synthetic-contracts.fixture";
import { auditEvents, documentChunks, documentPages, factValueReviews } from "../../src/server/db/schema/index";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import type { FactSheet, FactValue, FactValueReviewResponse } from "../../src/shared/contracts/fact-sheet";
import type { FactFieldKey } from "../../src/shared/fact-sheet";
import { correctionMessages, REVIEW_NOTE_MAX_CHARS } from "../../src/shared/fact-value-reviews";
import { signedUpClient, uniqueTestEmail } from "../support/accounts";
import { askedAnswer } from "../support/chat";
import { contractPdfOf } from "../support/documents/fact-sheet-contracts";
import { processedDocument, waitForStatus } from "../support/documents/processing";
import { readyFactSheet } from "../support/fact-sheets";
import type { HttpClient } from "../support/http-client";
import { joinedMember, organizationIdOf } from "../support/organizations";
import { readPdfText } from "../support/pdf-text";
import { createTestApp, type TestApp } from "../support/test-app";

// A person confirms or corrects a value the fact sheet read (issue 28, item 2; ADR 032).

let testApp: TestApp;
/** Dana Lee: her organization's admin, and the owner of `contract`. */
let admin: HttpClient;
let colleague: HttpClient;
/** The platform owner, in an organization of their own. */
let stranger: HttpClient;
let contract: DocumentSummary;
let colleaguesContract: DocumentSummary;

beforeAll(async () => {
  testApp = await createTestApp({ env: { BILLING: "off" } });
  // The first account is the platform owner: another organization's, who reaches no one else's sheet.
  stranger = await signedUpClient(testApp);
  admin = await signedUpClient(testApp, uniqueTestEmail("dana"), { name: "Dana Lee" });
  colleague = (await joinedMember(testApp, admin, await organizationIdOf(admin))).client;
  contract = await processedDocument(testApp, admin, "Evergreen Provider Services Agreement.pdf", contractPdfOf(evergreenAgreement));
  colleaguesContract = await processedDocument(testApp, colleague, "Colleague's Agreement.pdf", contractPdfOf([...evergreenAgreement, "Colleague's copy"]));
  await readyFactSheet(admin, contract.id);
  await readyFactSheet(colleague, colleaguesContract.id);
}, 120_000);
afterAll(() => testApp.close());

const reviewsPath = (documentId: string) => `/api/documents/${documentId}/fact-sheet/reviews`;
const valuesOf = (sheet: FactSheet, key: FactFieldKey) => sheet.fields.find((field) => field.key === key)!.values;

/** The value to review, named as the web names it: as read, with where its quote starts. */
const targetOf = (field: FactFieldKey, value: FactValue) => ({
  field,
  readValue: value.review?.read.value ?? value.value,
  chunkId: value.source.chunkId,
  startOffset: value.source.startOffset,
});

async function firstValue(client: HttpClient, documentId: string, field: FactFieldKey): Promise<FactValue> {
  return valuesOf(await readyFactSheet(client, documentId), field)[0]!;
}

async function correction(client: HttpClient, documentId: string, overrides: Record<string, unknown> = {}) {
  const value = await firstValue(client, documentId, "timely_filing");
  return { ...targetOf("timely_filing", value), kind: "corrected", value: "120 days", productLine: "all", page: 3, note: "amendment 2", ...overrides };
}

async function errorOf(response: Response, status: number): Promise<{ code: string; message: string }> {
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

const reviewEventsOf = (documentId: string) =>
  testApp.database.db
    .select({ action: auditEvents.action, details: auditEvents.details, actorEmail: auditEvents.actorEmail })
    .from(auditEvents)
    .where(and(eq(auditEvents.targetId, documentId), like(auditEvents.action, "fact-sheet.%")));

describe("correcting a value", () => {
  it("shows the correction beside what was read, as an audit event, in chat and in both exports", async () => {
    const read = await firstValue(admin, contract.id, "timely_filing");
    expect(read.value).toBe("180 calendar days");

    const response = await admin.post(reviewsPath(contract.id), await correction(admin, contract.id));
    expect(response.status, await response.clone().text()).toBe(201);
    const { review } = (await response.json()) as FactValueReviewResponse;
    expect(review).toMatchObject({
      kind: "corrected",
      by: "Dana Lee",
      note: "amendment 2",
      page: 3,
      read: { value: "180 calendar days", productLine: "all", page: 2 },
    });

    const corrected = await firstValue(admin, contract.id, "timely_filing");
    expect(corrected).toMatchObject({ value: "120 days", amount: 120, unit: "days", productLine: "all", review: { id: review.id } });
    // The citation stays the reading's: the passage the sheet verified.
    expect(corrected.source).toEqual(read.source);
    expect(await reviewEventsOf(contract.id)).toContainEqual(
      expect.objectContaining({ action: "fact-sheet.value-corrected", details: { field: "timely_filing", productLine: "all", page: 3 } }),
    );

    const { content, metadata } = await askedAnswer(admin, contract.id, "How long after the date of service can we still submit a claim?");
    expect(metadata.outcome).toBe("answer");
    expect(content).toContain("**120 days");
    expect(content).toContain("corrected by a person. Read: 180 calendar days · Corrected to 120 days by Dana Lee");
    expect(content).toContain("amendment 2");
    expect(metadata.citations).toContainEqual(expect.objectContaining({ ...read.source }));

    const csv = await (await admin.get(`/api/documents/${contract.id}/fact-sheet/export?format=csv`)).text();
    expect(csv).toMatch(
      /Timely filing,120 days,,All products,2\.1,.*Read: 180 calendar days · Corrected to 120 days by Dana Lee, \w{3} \d{1,2}: amendment 2 \(page 3\)/,
    );
    const pdf = await admin.get(`/api/documents/${contract.id}/fact-sheet/export?format=pdf`);
    const text = (await readPdfText(new Uint8Array(await pdf.arrayBuffer()))).pages.join(" ").replace(/\s+/g, " ");
    expect(text).toContain("Corrected to 120 days by Dana Lee");
  });

  it("confirms a value as read, and a second review of the value replaces the first", async () => {
    const law = await firstValue(admin, contract.id, "governing_law");
    expect((await admin.post(reviewsPath(contract.id), { ...targetOf("governing_law", law), kind: "confirmed" })).status).toBe(201);
    expect(await firstValue(admin, contract.id, "governing_law")).toMatchObject({ value: "Oregon", review: { kind: "confirmed", by: "Dana Lee", note: null } });

    const again = await admin.post(reviewsPath(contract.id), {
      ...targetOf("governing_law", law),
      kind: "corrected",
      value: "Washington",
      productLine: "all",
      page: 3,
      note: "addendum",
    });
    expect(again.status).toBe(201);
    expect(await firstValue(admin, contract.id, "governing_law")).toMatchObject({
      value: "Washington",
      review: { kind: "corrected", read: { value: "Oregon" } },
    });
    const rows = await testApp.database.db
      .select()
      .from(factValueReviews)
      .where(and(eq(factValueReviews.documentId, contract.id), eq(factValueReviews.field, "governing_law")));
    expect(rows).toHaveLength(1);

    const removed = await admin.request(`${reviewsPath(contract.id)}/${rows[0]!.id}`, { method: "DELETE" });
    expect(removed.status).toBe(204);
    expect(await firstValue(admin, contract.id, "governing_law")).toEqual(law);
    expect((await reviewEventsOf(contract.id)).map((event) => event.action)).toEqual(
      expect.arrayContaining(["fact-sheet.value-confirmed", "fact-sheet.value-corrected", "fact-sheet.review-removed"]),
    );
  });
});

describe("refused corrections change nothing", () => {
  it.each<[string, Record<string, unknown>, number, string]>([
    ["a value of the wrong type", { value: "ninety" }, 422, correctionMessages.duration],
    ["a page past the document's last", { page: 999 }, 422, "Choose a page from 1 to"],
    ["page 0", { page: 0 }, 422, "Enter the page the value is on."],
    ["a note too long", { note: "n".repeat(REVIEW_NOTE_MAX_CHARS + 1) }, 422, correctionMessages.noteTooLong],
    ["no note", { note: "" }, 422, correctionMessages.noteBlank],
    ["an unknown product line", { productLine: "dental" }, 422, correctionMessages.productLine],
    ["a value the sheet does not have", { readValue: "45 days" }, 409, "That value is no longer on the fact sheet"],
    ["a date for a length of time", { value: "2026-01-01" }, 422, correctionMessages.duration],
  ])("%s", async (_, overrides, status, message) => {
    const before = await readyFactSheet(admin, contract.id);
    const eventsBefore = (await reviewEventsOf(contract.id)).length;
    const error = await errorOf(await admin.post(reviewsPath(contract.id), await correction(admin, contract.id, overrides)), status);
    expect(error.message).toContain(message);
    expect(await readyFactSheet(admin, contract.id)).toEqual(before);
    expect(await reviewEventsOf(contract.id)).toHaveLength(eventsBefore);
  });
});

describe("who may review", () => {
  it("a member without rights is refused (403) and nothing changes; another organization's document is not found", async () => {
    const before = await readyFactSheet(admin, contract.id);
    const refused = await errorOf(await colleague.post(reviewsPath(contract.id), await correction(admin, contract.id, { value: "365 days" })), 403);
    expect(refused).toMatchObject({ code: "forbidden", message: "Only an admin or the document's owner can confirm or correct its fact sheet." });
    await errorOf(await stranger.post(reviewsPath(contract.id), await correction(admin, contract.id, { value: "365 days" })), 404);
    expect(await readyFactSheet(admin, contract.id)).toEqual(before);
  });

  it("the organization's admin may correct a member's document, and the member sees it", async () => {
    const body = await correction(colleague, colleaguesContract.id, { value: "90 days", note: "per the payer's letter" });
    const response = await admin.post(reviewsPath(colleaguesContract.id), body);
    expect(response.status, await response.clone().text()).toBe(201);
    expect(await firstValue(colleague, colleaguesContract.id, "timely_filing")).toMatchObject({ value: "90 days", review: { by: "Dana Lee" } });
  });
});

describe("after the document is read again", () => {
  it("keeps a correction while the passage says what it said (Reprocess), and asks for a check once it does not", async () => {
    const document = await processedDocument(testApp, admin, "Reread.pdf", contractPdfOf([...evergreenAgreement, "Copy re-read"]));
    const first = await readyFactSheet(admin, document.id);
    expect((await admin.post(reviewsPath(document.id), await correction(admin, document.id))).status).toBe(201);

    expect((await admin.post(`/api/documents/${document.id}/process`, { trigger: "reprocess" })).status).toBe(200);
    await waitForStatus(admin, document.id, ["completed"]);
    const reprocessed = await sheetReadAfter(document.id, first.builtAt);
    expect(valuesOf(reprocessed, "timely_filing")[0]).toMatchObject({ value: "120 days", review: { kind: "corrected", read: { value: "180 calendar days" } } });
    expect(reprocessed.reviewsToCheck).toEqual([]);

    // The contract's passage now says 150 days: the correction was made to what it said before.
    const changed = sql`replace(replace(${documentChunks.text}, '(180)', '(150)'), 'eighty', 'fifty')`;
    await testApp.database.db.update(documentChunks).set({ text: changed }).where(eq(documentChunks.documentId, document.id));
    await testApp.database.db
      .update(documentPages)
      .set({ text: sql`replace(replace(${documentPages.text}, '(180)', '(150)'), 'eighty', 'fifty')` })
      .where(eq(documentPages.documentId, document.id));
    await testApp.container.factSheets.requestBuild(document.id);
    const reread = await sheetReadAfter(document.id, reprocessed.builtAt);
    expect(valuesOf(reread, "timely_filing")[0]).toMatchObject({ value: "150 calendar days" });
    expect(valuesOf(reread, "timely_filing")[0]!.review).toBeUndefined();
    expect(reread.reviewsToCheck).toEqual([
      expect.objectContaining({
        field: "timely_filing",
        kind: "corrected",
        value: "120 days",
        read: { value: "180 calendar days", productLine: "all", page: 2 },
      }),
    ]);
    const { content } = await askedAnswer(admin, document.id, "How long after the date of service can we still submit a claim?");
    expect(content).toContain("**150 calendar days");
    expect(content).not.toContain("Corrected to");
  });
});

/** The sheet once a reading newer than `builtAt` is saved. */
async function sheetReadAfter(documentId: string, builtAt: string | null): Promise<FactSheet> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const sheet = await readyFactSheet(admin, documentId);
    if (sheet.builtAt !== builtAt || Date.now() > deadline) return sheet;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
