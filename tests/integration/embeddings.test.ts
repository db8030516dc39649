import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchPassage } from "../../src/shared/contracts/chat";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import { queryRows } from "../../src/server/db/client";
import { EMBED_BATCH_CHUNKS } from "../../src/server/modules/documents/document-pipeline";
import { createClauseModelSource } from "../../src/server/adapters/clause-model/clause-model-file";
import { createRetrieval } from "../../src/server/modules/retrieval/retrieval";
import { createRetrievalRepo } from "../../src/server/modules/retrieval/retrieval.repo";
import { signedUpClient } from "../support/accounts";
import { readEvents } from "../support/chat";
import { searchableDocument } from "../support/documents/owned-document";
import { payerContractPdf } from "../support/documents/payer-contract";
import { listProcessingJobs, makeRetryDue, processedDocument, waitForStatus } from "../support/documents/processing";
import type { HttpClient } from "../support/http-client";
import { embeddingsEnv, startOpenAiCompatibleServer, type OpenAiCompatibleServer } from "../support/openai-compatible-server";
import { createTestApp, type TestApp } from "../support/test-app";

// The stand-in embeddings model knows a few concepts; words of one concept point the same way,
// so "goodbye" lands near "termination" although the two share no word (and no question kind reads it).
const concepts = [
  ["terminate", "termination", "terminated", "walk", "away", "leave", "exit", "goodbye"],
  ["pay", "payment", "paid", "rates", "fee", "compensation", "money"],
  ["claims", "claim", "filing", "submit"],
  ["appeal", "appeals", "reconsideration", "denied", "denial", "dispute"],
];
function conceptVector(text: string): number[] {
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  return [...concepts.map((concept) => words.filter((word) => concept.includes(word)).length), 0.05];
}

const MODEL = "concept-embedder";
const WALK_AWAY = "Can we say goodbye?";

let server: OpenAiCompatibleServer;
let testApp: TestApp;
let owner: HttpClient;
let contract: DocumentSummary;

beforeAll(async () => {
  server = await startOpenAiCompatibleServer();
  server.embedWith({ kind: "vectors", embed: conceptVector });
  testApp = await createTestApp({
    env: { BILLING: "off", ...embeddingsEnv(server, MODEL, 2000) },
  });
  owner = await signedUpClient(testApp);
  contract = await processedDocument(testApp, owner, "Blue Valley Provider Agreement.pdf", payerContractPdf());
}, 60_000);
afterAll(async () => {
  await testApp.close();
  await server.close();
});

const db = () => testApp.container.db;

async function searchPassages(documentId: string, question: string): Promise<SearchPassage[]> {
  const response = await owner.get(`/api/documents/${documentId}/search?q=${encodeURIComponent(question)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { passages: SearchPassage[] }).passages;
}

async function chunkCounts(documentId: string) {
  const [row] = await queryRows<{ chunks: number; embedded: number }>(
    db(),
    sql`select count(*)::int as chunks, count(embedding)::int as embedded from document_chunks where document_id = ${documentId}`,
  );
  return row!;
}

async function embeddingModelOf(documentId: string) {
  const [row] = await queryRows<{ embedding_model: string | null }>(db(), sql`select embedding_model from documents where id = ${documentId}`);
  return row!.embedding_model;
}

describe("embeddings, when an embeddings model is configured", () => {
  it("embeds every chunk with its headings while processing, in batches, and records the model", async () => {
    const counts = await chunkCounts(contract.id);
    expect(counts.chunks).toBeGreaterThan(0);
    expect(counts.embedded).toBe(counts.chunks);
    expect(await embeddingModelOf(contract.id)).toBe(`openai-compatible:${MODEL}`);
    const processingRequests = server.embeddingsRequests.filter((request) => request.input.length > 1 || request.input[0]!.includes("\n"));
    expect(processingRequests.length).toBeGreaterThan(0);
    for (const request of processingRequests) {
      expect(request.model).toBe(MODEL);
      expect(request.input.length).toBeLessThanOrEqual(EMBED_BATCH_CHUNKS);
    }
    expect(
      processingRequests
        .flatMap((request) => request.input)
        .some((input) => input.startsWith("Article 3 TERM AND TERMINATION") && input.includes("\n\nARTICLE 3 TERM AND TERMINATION\n\n3.1 Term. ")),
    ).toBe(true);
  });

  it("finds a passage by meaning when none of the question's words are in it (vector search fused with full text)", async () => {
    const passages = await searchPassages(contract.id, WALK_AWAY);
    expect(passages[0]?.text).toContain("Each party may terminate this Agreement");

    const fullTextOnly = createRetrieval({ repo: createRetrievalRepo(db()), clauseModel: createClauseModelSource() });
    const { passages: lexical } = await fullTextOnly.search(await searchableDocument(testApp, owner, contract.id), WALK_AWAY);
    expect(lexical.some((passage) => passage.text.includes("Each party may terminate"))).toBe(false);
  });

  it("answers in the chat from the passage found by meaning, cited to its clause and page", async () => {
    const response = await owner.post("/api/chat/messages", { documentId: contract.id, question: WALK_AWAY });
    expect(response.status).toBe(200);
    const events = await readEvents(response);
    const done = events.find((event) => event.type === "done");
    expect(done?.type).toBe("done");
    const metadata = done?.type === "done" ? done.message.metadata : undefined;
    const citations = metadata && "citations" in metadata ? metadata.citations : [];
    expect(citations.some((citation) => citation.clauseNumber?.startsWith("3.") && citation.page === 3)).toBe(true);
  });

  it("ranks by full text alone when the question cannot be embedded", async () => {
    server.embedWith({ kind: "error", status: 503, message: "overloaded" });
    try {
      const passages = await searchPassages(contract.id, "Can the agreement be terminated without cause?");
      expect(passages[0]?.text).toContain("Each party may terminate this Agreement");
    } finally {
      server.embedWith({ kind: "vectors", embed: conceptVector });
    }
  });

  it("does not compare a question with vectors another model made", async () => {
    await db().execute(sql`update documents set embedding_model = 'openai-compatible:older-model' where id = ${contract.id}`);
    try {
      const before = server.embeddingsRequests.length;
      await searchPassages(contract.id, WALK_AWAY);
      expect(server.embeddingsRequests.length).toBe(before);
    } finally {
      await db().execute(sql`update documents set embedding_model = ${`openai-compatible:${MODEL}`} where id = ${contract.id}`);
    }
  });

  it("writes nothing when the embeddings service fails while processing, and finishes on the retry", async () => {
    server.embedWith({ kind: "error", status: 500, message: "model not loaded" });
    const upload = await owner.upload("/api/documents", "Second copy.pdf", payerContractPdf("2"));
    const { document } = (await upload.json()) as { document: DocumentSummary };
    expect((await owner.post(`/api/documents/${document.id}/process`, { trigger: "start" })).status).toBe(200);
    testApp.container.jobs.poke();

    const deadline = Date.now() + 20_000;
    let job: { attempts: number; errorMessage: string | null } | undefined;
    while (Date.now() < deadline) {
      [job] = await listProcessingJobs(db(), document.id);
      if (job?.errorMessage) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(job).toMatchObject({ attempts: 1, errorMessage: expect.any(String) });
    expect(await chunkCounts(document.id)).toEqual({ chunks: 0, embedded: 0 });
    expect((await waitForStatus(owner, document.id, ["queued"])).status).toBe("queued");

    server.embedWith({ kind: "vectors", embed: conceptVector });
    await makeRetryDue(db(), document.id);
    testApp.container.jobs.poke();
    await waitForStatus(owner, document.id, ["completed"]);
    const counts = await chunkCounts(document.id);
    expect(counts.embedded).toBe(counts.chunks);
  });
});
