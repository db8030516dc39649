import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evergreenAgreement } from "../../src/core/fact-sheet/synthetic-contracts.fixture";
import { queryRows } from "../../src/server/db/client";
import { documentPages, factSheets } from "../../src/server/db/schema/index";
import type { FactSheet } from "../../src/shared/contracts/fact-sheet";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import { signedUpClient } from "../support/accounts";
import { readyFactSheet } from "../support/fact-sheets";
import { contractPdfOf } from "../support/documents/fact-sheet-contracts";
import { payerContractPdf } from "../support/documents/payer-contract";
import { processedDocument, uploadedDocument, waitForStatus } from "../support/documents/processing";
import type { HttpClient } from "../support/http-client";
import { listEmailsTo } from "../support/outbox";
import { readPdfText } from "../support/pdf-text";
import { createTestApp, type TestApp } from "../support/test-app";

let testApp: TestApp;
let owner: HttpClient;
let stranger: HttpClient;
let contract: DocumentSummary;

beforeAll(async () => {
  testApp = await createTestApp({ env: { BILLING: "off" } });
  owner = await signedUpClient(testApp);
  stranger = await signedUpClient(testApp);
  contract = await processedDocument(testApp, owner, "Evergreen Provider Services Agreement.pdf", contractPdfOf(evergreenAgreement));
}, 60_000);
afterAll(() => testApp.close());

const valuesOf = (sheet: FactSheet, key: string) => sheet.fields.find((field) => field.key === key)!.values;

describe("a processed contract's fact sheet", () => {
  it("is read when processing completes: every field in order, values with their clause, page and verified quote", async () => {
    const sheet = await readyFactSheet(owner, contract.id);
    expect(sheet).toMatchObject({ documentId: contract.id, documentName: "Evergreen Provider Services Agreement.pdf", unverifiedCount: 0 });
    expect(sheet.builtAt).not.toBeNull();
    expect(sheet.fields.map((field) => field.key)).toContain("timely_filing");
    expect(valuesOf(sheet, "timely_filing").map((value) => [value.value, value.productLine, value.source.page])).toEqual([
      ["180 calendar days", "all", 2],
      ["365 days", "medicaid", 4],
    ]);
    expect(valuesOf(sheet, "timely_filing")[0]).toMatchObject({ amount: 180, unit: "days", source: { clauseNumber: "2.1" } });
    expect(valuesOf(sheet, "governing_law")[0]!.value).toBe("Oregon");
    const pages = (await (await owner.get(`/api/documents/${contract.id}/pages`)).json()) as { pages: { pageNumber: number; text: string }[] };
    for (const value of sheet.fields.flatMap((field) => field.values)) {
      const page = pages.pages.find((candidate) => candidate.pageNumber === value.source.page)!;
      expect(page.text.slice(value.source.startOffset, value.source.endOffset).replace(/\s+/g, " ")).toBe(value.source.quote);
    }
  });

  it("says nothing is stated where the contract is silent", async () => {
    const sheet = await readyFactSheet(owner, contract.id);
    expect(valuesOf(sheet, "expiration_date")).toEqual([]);
    expect(valuesOf(sheet, "fee_schedule_update")).toEqual([]);
  });

  it("stays ready, with no second reading queued, when a page asks for it just after its job saved it", async () => {
    await readyFactSheet(owner, contract.id);
    const buildJobs = async () =>
      (
        await queryRows<{ total: number }>(
          testApp.container.db,
          sql`select count(*)::int as total from jobs where type = 'fact-sheet.build' and payload->>'document_id' = ${contract.id}`,
        )
      )[0]!.total;
    const queuedBefore = await buildJobs();
    // What a page does when it found no sheet a moment before the job saved one: a race PostgreSQL's pool of connections shows.
    await testApp.container.factSheets.requestBuild(contract.id, { keepReady: true });
    const [row] = await testApp.container.db.select({ status: factSheets.status }).from(factSheets).where(eq(factSheets.documentId, contract.id));
    expect(row!.status).toBe("ready");
    expect(await buildJobs()).toBe(queuedBefore);
  });

  it("is another person's document to a stranger: not found", async () => {
    const response = await stranger.get(`/api/documents/${contract.id}/fact-sheet`);
    expect(response.status).toBe(404);
  });

  it("waits for processing: a document not yet processed has none", async () => {
    const uploaded = await uploadedDocument(owner, "Waiting.pdf", payerContractPdf("waiting"));
    const response = await owner.get(`/api/documents/${uploaded.id}/fact-sheet`);
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe("The fact sheet is ready once the document has been processed.");
  });

  it("does not show a value whose number is not on the cited page, and counts it", async () => {
    const document = await processedDocument(testApp, owner, "Altered.pdf", contractPdfOf([...evergreenAgreement, "Copy altered"]));
    await readyFactSheet(owner, document.id);
    // The page now says otherwise than the passages the reader reads: the value cannot be proven.
    await testApp.container.db
      .update(documentPages)
      .set({ text: sql`replace(replace(${documentPages.text}, '(180)', '(120)'), 'eighty', 'twenty')` })
      .where(and(eq(documentPages.documentId, document.id), eq(documentPages.pageNumber, 2)));
    await testApp.container.factSheets.requestBuild(document.id);
    const sheet = await readyFactSheet(owner, document.id);
    expect(valuesOf(sheet, "timely_filing").map((value) => value.productLine)).toEqual(["medicaid"]);
    expect(sheet.unverifiedCount).toBeGreaterThan(0);
  });

  it("is read again when the document is reprocessed, and goes with the document when it is deleted", async () => {
    const document = await processedDocument(testApp, owner, "Reprocessed.pdf", contractPdfOf([...evergreenAgreement, "Copy reprocessed"]));
    const first = await readyFactSheet(owner, document.id);
    expect((await owner.post(`/api/documents/${document.id}/process`, { trigger: "reprocess" })).status).toBe(200);
    await waitForStatus(owner, document.id, ["completed"]);
    const deadline = Date.now() + 20_000;
    let second = first;
    while (second.builtAt === first.builtAt && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      second = await readyFactSheet(owner, document.id);
    }
    expect(second.builtAt).not.toBe(first.builtAt);
    expect((await owner.request(`/api/documents/${document.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await testApp.container.db.select().from(factSheets).where(eq(factSheets.documentId, document.id))).toEqual([]);
  });
});

describe("downloading the fact sheet", () => {
  const exportPath = (format: string) => `/api/documents/${contract.id}/fact-sheet/export?format=${format}`;

  it("as CSV: a row per value, named after the document", async () => {
    await readyFactSheet(owner, contract.id);
    const response = await owner.get(exportPath("csv"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain('filename="Evergreen Provider Services Agreement fact sheet.csv"');
    const csv = await response.text();
    expect(csv).toContain("180 calendar days");
    expect(csv).toContain("Not stated");
  });

  it("as PDF: the values, their quotes and the disclaimer, read back", async () => {
    const response = await owner.get(exportPath("pdf"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const text = (await readPdfText(new Uint8Array(await response.arrayBuffer()))).pages.join(" ");
    expect(text).toContain("Oregon");
    expect(text).toContain("informational and is not legal advice");
  });

  it("refuses an unknown format, and is another person's to a stranger", async () => {
    const unknown = await owner.get(exportPath("xlsx"));
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe("Choose CSV or PDF to download the fact sheet.");
    expect((await stranger.get(exportPath("csv"))).status).toBe(404);
  });
});

describe("reminders of a deadline", () => {
  const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const remindersPath = () => `/api/documents/${contract.id}/fact-sheet/reminders`;
  const makeReminderDue = (reminderId: string) =>
    testApp.container.db.execute(sql`update jobs set run_after = now() where type = 'fact-sheet.remind' and payload->>'reminder_id' = ${reminderId}`);
  /** Until the reminder's job has run (it completes whether or not it had anything to send). */
  const waitForReminderJob = async (reminderId: string) => {
    testApp.container.jobs.poke();
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [job] = await queryRows<{ status: string }>(
        testApp.container.db,
        sql`select status from jobs where type = 'fact-sheet.remind' and payload->>'reminder_id' = ${reminderId}`,
      );
      if (job?.status === "completed") return;
      if (Date.now() > deadline) throw new Error(`the reminder's job is still ${job?.status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it("emails the owner on the chosen day, once, and lists it as sent", async () => {
    const email = `reminded-${Date.now()}@practice.example`;
    const person = await signedUpClient(testApp, email);
    const document = await processedDocument(testApp, person, "Reminded.pdf", contractPdfOf([...evergreenAgreement, "Copy reminded"]));
    const created = await person.post(`/api/documents/${document.id}/fact-sheet/reminders`, {
      field: "non_renewal_notice",
      label: "Last day to send a notice of non-renewal",
      deadline: later(60),
      daysBefore: 30,
    });
    expect(created.status).toBe(201);
    const { reminder } = (await created.json()) as { reminder: { id: string; remindOn: string; sentAt: string | null } };
    expect(reminder).toMatchObject({ remindOn: later(30), sentAt: null });
    expect((await listEmailsTo(testApp.container.db, email)).filter((message) => message.subject.startsWith("Reminder:"))).toHaveLength(0);

    await makeReminderDue(reminder.id);
    await waitForReminderJob(reminder.id);
    const sent = (await listEmailsTo(testApp.container.db, email)).filter((message) => message.subject.startsWith("Reminder:"));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(`/app/documents/${document.id}/fact-sheet`);
    const { reminders } = (await (await person.get(`/api/documents/${document.id}/fact-sheet/reminders`)).json()) as { reminders: { sentAt: string | null }[] };
    expect(reminders[0]!.sentAt).not.toBeNull();
  });

  it("is cancelled when the document is deleted: its job sends nothing", async () => {
    const email = `cancelled-${Date.now()}@practice.example`;
    const person = await signedUpClient(testApp, email);
    const document = await processedDocument(testApp, person, "Cancelled.pdf", contractPdfOf([...evergreenAgreement, "Copy cancelled"]));
    const created = await person.post(`/api/documents/${document.id}/fact-sheet/reminders`, {
      field: "termination_without_cause",
      label: "Last day to give notice of termination",
      deadline: later(40),
      daysBefore: 10,
    });
    const { reminder } = (await created.json()) as { reminder: { id: string } };
    expect((await person.request(`/api/documents/${document.id}`, { method: "DELETE" })).status).toBe(204);
    await makeReminderDue(reminder.id);
    await waitForReminderJob(reminder.id);
    expect((await listEmailsTo(testApp.container.db, email)).filter((message) => message.subject.startsWith("Reminder:"))).toHaveLength(0);
  });

  it.each([
    [{ deadline: "2020-01-01", daysBefore: 1 }, "That deadline has already passed."],
    [{ deadline: "tomorrow", daysBefore: 1 }, "Enter the deadline as a date."],
    [{ deadline: "2027-02-30", daysBefore: 1 }, "Enter the deadline as a date."],
    [{ deadline: "2099-01-01", daysBefore: 400 }, "Choose from 0 to 365 days before."],
  ])("refuses %j and stores nothing", async (input, message) => {
    const before = ((await (await owner.get(remindersPath())).json()) as { reminders: unknown[] }).reminders.length;
    const response = await owner.post(remindersPath(), { field: "timely_filing", label: "Filing deadline", ...input });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(message);
    expect(((await (await owner.get(remindersPath())).json()) as { reminders: unknown[] }).reminders).toHaveLength(before);
  });

  it("refuses a day already past, and another person's reminder is not found", async () => {
    const tooLate = await owner.post(remindersPath(), { field: "timely_filing", label: "Filing deadline", deadline: later(5), daysBefore: 10 });
    expect(tooLate.status).toBe(422);
    expect(((await tooLate.json()) as { error: { message: string } }).error.message).toBe(
      "That day has already passed: choose fewer days before the deadline.",
    );
    const created = await owner.post(remindersPath(), { field: "timely_filing", label: "Filing deadline", deadline: later(20), daysBefore: 5 });
    const { reminder } = (await created.json()) as { reminder: { id: string } };
    expect((await stranger.request(`${remindersPath()}/${reminder.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await owner.request(`${remindersPath()}/${reminder.id}`, { method: "DELETE" })).status).toBe(204);
  });
});
