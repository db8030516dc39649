import { afterAll, beforeAll, expect, it } from "vitest";
import { countTopicMatches, createPassageIndex, queryTextsOf } from "../../src/core/rag/passage-index";
import { questionTopic } from "../../src/core/rag/question-topic";
import { createPassageIndexes } from "../../src/server/modules/retrieval/passage-indexes";
import { createRetrievalRepo } from "../../src/server/modules/retrieval/retrieval.repo";
import type { OwnedDocumentId } from "../../src/server/modules/documents/documents.repo";
import { signedUpClient } from "../support/accounts";
import { ownedDocumentId } from "../support/documents/owned-document";
import { processedDocument } from "../support/documents/processing";
import { buildPdf } from "../support/documents/test-fixtures";
import { createTestApp, type TestApp } from "../support/test-app";

const line = (text: string, y: number) => ({ text, x: 72, y });

let testApp: TestApp;
let contractId: OwnedDocumentId;

beforeAll(async () => {
  testApp = await createTestApp({ env: { BILLING: "off" } });
  const owner = await signedUpClient(testApp);
  // Clauses long enough to be passages of their own.
  const clause = (title: string, sentence: string) => ({
    lines: [line(title, 730), ...Array.from({ length: 5 }, (_, index) => line(`${sentence} (${index + 1})`, 710 - 16 * index))],
  });
  const pages = [
    clause("1. EFFORTS", "Provider shall use reasonable efforts to serve each member the Plan assigns."),
    clause("2. REPORTS", "Provider shall give the Plan reasonable notice of each change of its address."),
    clause("3. ENDING", "Either party may end this Agreement for any reason on ninety (90) days notice."),
  ];
  const contract = await processedDocument(testApp, owner, "Topic counts.pdf", buildPdf(pages));
  contractId = await ownedDocumentId(testApp, owner, contract.id);
}, 60_000);
afterAll(() => testApp.close());

it("counts a phrase with stop words only where it is written: 'for any reason' is not every 'reasonable'", async () => {
  const repo = createRetrievalRepo(testApp.container.db);
  const topic = questionTopic("Can a party terminate for convenience?");
  const index = createPassageIndex(await repo.listIndexedPassages(contractId));
  const queries = await createPassageIndexes(repo).phraseQueriesOf(queryTextsOf([], topic));
  const counts = countTopicMatches(index, topic, queries);
  const convenience = topic.alternatives[0]!.findIndex((slot) => slot.asked === "convenience");
  expect(counts.passages).toBe(3);
  expect(counts.slots[0]![convenience]).toBe(1);
});
