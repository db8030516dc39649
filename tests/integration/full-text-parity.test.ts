import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { matchPhrase, parsePhraseQuery } from "../../src/core/rag/full-text";
import { createPassageIndex, queryTextsOf } from "../../src/core/rag/passage-index";
import { analyzeQuery } from "../../src/core/rag/query-analysis";
import { queryRows } from "../../src/server/db/client";
import type { OwnedDocumentId } from "../../src/server/modules/documents/documents.repo";
import { createRetrievalRepo } from "../../src/server/modules/retrieval/retrieval.repo";
import { signedUpClient } from "../support/accounts";
import { ownedDocumentId } from "../support/documents/owned-document";
import { processedDocument } from "../support/documents/processing";
import { sampleContractPdf, sampleContracts } from "../support/documents/sample-contracts";
import { buildPdf } from "../support/documents/test-fixtures";
import { createTestApp, type TestApp } from "../support/test-app";

// Retrieval matches and ranks a question's words in JavaScript over the tsvectors PostgreSQL made
// (src/core/rag/full-text.ts). Here both answer the same questions over the same passages: the
// same passages must match, with the very same ts_rank, on PGlite and on PostgreSQL alike.

const QUESTIONS = [
  "How long do we have to file a claim?",
  "Can we terminate without cause?",
  "How much notice is required to terminate the agreement?",
  "When does the agreement renew?",
  "What is the reimbursement rate for Medicare Advantage members?",
  "Is there a limitation of liability or a cap on damages?",
  "Who owns the intellectual property created under this agreement?",
  "Can the plan assign the agreement to an affiliate without consent?",
  "What insurance must the provider carry (malpractice, general liability)?",
  "How are claims disputes and appeals resolved?",
  "Is there a non-solicitation of employees or a non-compete?",
  "What law governs this agreement?",
  "How quickly must clean claims be paid?",
  "May the payer recoup overpayments, and for how long after payment?",
  "What are the credentialing requirements?",
  "Is there a most favored nation clause?",
];

/** Words the English parser splits or drops: hyphens, apostrophes, numbers, percentages, addresses. */
const AWKWARD_PHRASES = [
  "non-solicitation",
  "self-insured retention",
  "provider's non-solicitation covenant",
  "3.5% of billed charges",
  "ninety (90) days",
  "claims@plan.example.com",
  "https://plan.example.com/policies",
  "for any reason",
  "other than",
  "the",
  "TERM AND TERMINATION",
  "re-credentialing applies",
  "co-payments are collected",
];

let testApp: TestApp;
const documentIds: OwnedDocumentId[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ env: { BILLING: "off" } });
  const owner = await signedUpClient(testApp);
  const line = (text: string, y: number) => ({ text, x: 72, y });
  const awkward = buildPdf([
    {
      lines: [
        line("7. NON-SOLICITATION AND SELF-INSURANCE", 730),
        line("7.1 The provider's non-solicitation covenant survives; re-credentialing applies.", 710),
        line("7.2 A self-insured retention of 3.5% of billed charges applies for ninety (90) days.", 694),
        line("7.3 Send claims to claims@plan.example.com or see https://plan.example.com/policies today.", 678),
        line("7.4 Either party may end this Agreement for any reason other than a breach.", 662),
        line("7.5 CO-PAYMENTS ARE COLLECTED AT THE TIME OF SERVICE; TERM AND TERMINATION FOLLOW.", 646),
      ],
    },
  ]);
  const files: [string, Buffer][] = [
    ...sampleContracts.slice(0, 2).map((contract) => [contract.filename, sampleContractPdf(contract)] as [string, Buffer]),
    ["Awkward words.pdf", awkward],
  ];
  for (const [filename, bytes] of files) {
    const document = await processedDocument(testApp, owner, filename, bytes);
    documentIds.push(await ownedDocumentId(testApp, owner, document.id));
  }
}, 120_000);
afterAll(() => testApp.close());

it("matches and ranks every question's terms and topic phrases exactly as PostgreSQL does", async () => {
  const repo = createRetrievalRepo(testApp.container.db);
  const texts = [
    ...new Set([
      ...QUESTIONS.flatMap((question) => {
        const query = analyzeQuery(question, []);
        return queryTextsOf(query.terms, query.topic);
      }),
      ...AWKWARD_PHRASES,
    ]),
  ];
  const written = await repo.listPhraseQueries(texts);
  const matchedTexts = new Set<string>();
  let matched = 0;
  for (const documentId of documentIds) {
    const index = createPassageIndex(await repo.listIndexedPassages(documentId));
    for (const text of texts) {
      const query = parsePhraseQuery(written.get(text)!);
      const ours = (query ? matchPhrase(index.fullText, query) : []).map((match) => ({ ordinal: index.passages[match.passage]!.ordinal, rank: match.rank }));
      const theirs = await queryRows<{ ordinal: number; rank: number }>(
        testApp.container.db,
        sql`
          select ordinal, ts_rank('{0.1, 0.2, 0.4, 0.6}', search, phraseto_tsquery('english', ${text}), 1)::float8 as rank
          from document_chunks
          where document_id = ${documentId} and search @@ phraseto_tsquery('english', ${text})
          order by ordinal
        `,
      );
      expect({ text, matches: ours }).toEqual({ text, matches: theirs });
      matched += ours.length;
      if (ours.length > 0) matchedTexts.add(text);
    }
  }
  // Not a comparison of nothing: the questions' words are in these contracts.
  expect(matched).toBeGreaterThan(150);
  expect(AWKWARD_PHRASES.filter((phrase) => !matchedTexts.has(phrase))).toEqual(["other than", "the"]);
  expect([written.get("other than"), written.get("the")]).toEqual(["", ""]);
});
