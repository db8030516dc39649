import { eq, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kindReaderOf, type StoredKindFindings } from "../../src/core/rag/kind-evidence";
import { documentKindReadings, documents } from "../../src/server/db/schema/index";
import { createClauseModelSource } from "../../src/server/adapters/clause-model/clause-model-file";
import type { AssistantMetadata } from "../../src/shared/contracts/chat";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import { signedUpClient } from "../support/accounts";
import { askedAnswer } from "../support/chat";
import { contractPdfOf } from "../support/documents/fact-sheet-contracts";
import { processedDocument, waitForStatus } from "../support/documents/processing";
import type { HttpClient } from "../support/http-client";
import { createTestApp, type TestApp } from "../support/test-app";

// The clause-kind model reads each processed document once, in a worker (ADR 044): a question about
// a kind of clause is answered from that stored reading, matched to the passages' version and the model.

let testApp: TestApp;
let owner: HttpClient;
let readBy: string;

const insuranceSentence = "Vendor shall carry general liability insurance of at least one million dollars per occurrence.";
const noCompeteSentence = "During the term Vendor shall not provide reading services to any other clinic within ten miles.";
const agreement = [
  [
    "IMAGING SERVICES AGREEMENT",
    'This Agreement is made between Alder Imaging, LLC ("Vendor") and Birch Family Clinic ("Clinic").',
    "1. Services. Vendor shall read imaging studies the Clinic sends it and report within two business days.",
    `2. Insurance. ${insuranceSentence}`,
    `3. Competition. ${noCompeteSentence}`,
    "4. Fees. Clinic shall pay Vendor the fees in Schedule 1 within thirty (30) days of each invoice.",
  ].join("\n"),
];

beforeAll(async () => {
  testApp = await createTestApp({ env: { BILLING: "off" } });
  owner = await signedUpClient(testApp);
  readBy = kindReaderOf({ id: await createClauseModelSource().id() });
}, 60_000);
afterAll(() => testApp.close());

const db = () => testApp.container.db;

async function storedReading(documentId: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db().select().from(documentKindReadings).where(eq(documentKindReadings.documentId, documentId));
    const [document] = await db().select({ passagesVersion: documents.passagesVersion }).from(documents).where(eq(documents.id, documentId));
    if (row && row.passagesVersion === document!.passagesVersion) return row;
    if (Date.now() > deadline) throw new Error("the document was not read for the model");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const quotesOf = (metadata: AssistantMetadata) => metadata.citations.map((citation) => citation.quote);
const askAboutInsurance = (documentId: string) => askedAnswer(owner, documentId, "What insurance does the vendor have to carry?");

/** A copy of the agreement of its own (the library refuses the same file twice), processed and read for the model. */
async function readCopy(name: string): Promise<{ contract: DocumentSummary; row: typeof documentKindReadings.$inferSelect }> {
  const contract = await processedDocument(testApp, owner, `Alder Imaging Agreement (${name}).pdf`, contractPdfOf([...agreement, `This copy: ${name}.`]));
  return { contract, row: await storedReading(contract.id) };
}

/** Changes the stored reading by hand, `also` with it: the insurance kind's best sentence becomes the competition clause's. */
async function storeCompetitionAsInsurance(
  documentId: string,
  row: typeof documentKindReadings.$inferSelect,
  also: { passagesVersion?: SQL; readBy?: string } = {},
) {
  const competition = row.kinds["Non-Compete"]!.sentences[0]!;
  const swapped: StoredKindFindings = { ...row.kinds["Insurance"]!, sentences: [{ ...competition, probability: 0.999 }] };
  await db()
    .update(documentKindReadings)
    .set({ ...also, kinds: sql`${documentKindReadings.kinds} || ${JSON.stringify({ Insurance: swapped })}::jsonb` })
    .where(eq(documentKindReadings.documentId, documentId));
}

describe("the model's reading of a processed document", () => {
  it("is stored by a job after processing, for the passages' version and the model that read it", async () => {
    const { row } = await readCopy("stored");
    expect(row.readBy).toBe(readBy);
    const insurance = row.kinds["Insurance"]!;
    expect(insurance.thresholds.answer).toBeGreaterThan(0);
    expect(insurance.sentences.length).toBeGreaterThan(0);
    const probabilities = insurance.sentences.map((sentence) => sentence.probability);
    expect(probabilities).toEqual([...probabilities].sort((a, b) => b - a));
  });

  it("is what a question about a kind is answered from", async () => {
    const { contract, row } = await readCopy("answered from");
    await storeCompetitionAsInsurance(contract.id, row);
    const quotes = quotesOf((await askAboutInsurance(contract.id)).metadata).join(" ");
    expect(quotes).toContain("shall not provide reading services");
    expect(quotes).not.toContain("general liability insurance");
  });

  it("is read again after Reprocess", async () => {
    const { contract, row: before } = await readCopy("reprocessed");
    expect((await owner.post(`/api/documents/${contract.id}/process`, { trigger: "reprocess" })).status).toBe(200);
    await waitForStatus(owner, contract.id, ["completed"]);
    const after = await storedReading(contract.id);
    expect(after.passagesVersion).toBe(before.passagesVersion + 1);
  });
});

describe("a document with no reading of its version and model", () => {
  it("is read when asked about (processed before the reading existed, or its job still queued), with the same answer", async () => {
    const { contract } = await readCopy("no reading");
    await db().delete(documentKindReadings).where(eq(documentKindReadings.documentId, contract.id));
    const { metadata } = await askAboutInsurance(contract.id);
    expect(metadata.outcome).toBe("answer");
    expect(quotesOf(metadata).join(" ")).toContain("general liability insurance");
  });

  it.each([
    ["of another version of the passages", { passagesVersion: sql`${documentKindReadings.passagesVersion} - 1` }],
    ["by another model", { readBy: "1:another-model" }],
  ])("is not answered from a reading %s", async (name, stale) => {
    const { contract, row } = await readCopy(name);
    await storeCompetitionAsInsurance(contract.id, row, stale);
    expect(quotesOf((await askAboutInsurance(contract.id)).metadata).join(" ")).toContain("general liability insurance");
  });
});
